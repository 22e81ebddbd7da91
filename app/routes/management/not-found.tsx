import type { Route } from "./+types/not-found";
import * as management from "~/.server/management/service";
import { SectionError } from "~/features/management/ui";
import { managementTr } from "~/shared/texts/management.tr";
import { pageTitle } from "~/ui/PageTitle";

export function meta() {
  return [...pageTitle(managementTr.errors.notFoundTitle), { name: "robots", content: "noindex, nofollow" }];
}

/** An unknown address inside the area: 404 for staff (and for everyone else, through the guard). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "area.enter");
  throw management.notFound();
}

export { SectionError as ErrorBoundary };

export default function ManagementNotFound() {
  return null;
}
