import type { Route } from "./+types/audit";
import * as management from "~/.server/management/service";
import { SectionError } from "~/features/management/ui";
import { AuditPage } from "~/features/management/AuditPage";
import { pageTitle } from "~/ui/PageTitle";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const a = t.audit;

export function meta() {
  return pageTitle(a.title);
}

/** The audit log for admins: newest first, 50 a page (keyset on the id: `?before=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "audit.view");
  const params = new URL(request.url).searchParams;
  const before = Number(params.get("before"));
  const entity = /^[\w.-]{1,40}$/.test(params.get("entity") ?? "") ? params.get("entity")! : undefined;
  const entityId = entity && /^[\w.-]{1,40}$/.test(params.get("id") ?? "") ? params.get("id")! : undefined;
  const page = await management.auditPage(context.app, { beforeId: Number.isSafeInteger(before) && before > 0 ? before : undefined, entity, entityId });
  return { ...page, entity: entity ?? "", entityId: entityId ?? "", paged: Boolean(before) };
}

export { SectionError as ErrorBoundary };

export default function Audit({ loaderData }: Route.ComponentProps) {
  return <AuditPage loaderData={loaderData} />;
}
