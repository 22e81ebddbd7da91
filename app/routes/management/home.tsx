import type { Route } from "./+types/home";
import * as management from "~/.server/management/service";
import { SectionError } from "~/features/management/ui";
import { ManagementHomePage } from "~/features/management/ManagementHomePage";
import { pageTitle } from "~/ui/PageTitle";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;

export function meta() {
  return pageTitle(t.home.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "area.enter");
  return { name: staff.name, role: staff.role, ...(await management.summary(context.app, staff)) };
}

export { SectionError as ErrorBoundary };

export default function ManagementHome({ loaderData }: Route.ComponentProps) {
  return <ManagementHomePage loaderData={loaderData} />;
}
