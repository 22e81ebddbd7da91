import type { Route } from "./+types/memberarea-layout";
import * as accounts from "~/.server/accounts/service";
import { MemberAreaPage } from "~/features/account/MemberAreaPage";

/** Member area shell, guarded: a visitor without a session is sent to sign-in and brought back (SPEC §2.1, §6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await accounts.requireUser(context, request);
  return { name: user.name, staff: user.role !== "customer" };
}

export default function MemberArea({ loaderData }: Route.ComponentProps) {
  return <MemberAreaPage loaderData={loaderData} />;
}
