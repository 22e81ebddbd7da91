import type { Route } from "./+types/layout";
import * as management from "~/.server/management/service";
import { ManagementAreaPage } from "~/features/management/ManagementAreaPage";
import "~/features/management/management.css";

/**
 * The staff area's shell (issue 12): its menu shows the sections the staff member's role may open. The guard
 * runs here and again in every section (loaders run in parallel; actions run without this loader).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "area.enter");
  return management.shell(context.app, staff);
}

/** Staff pages are personal: never stored by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

export default function ManagementLayout({ loaderData }: Route.ComponentProps) {
  return <ManagementAreaPage loaderData={loaderData} />;
}
