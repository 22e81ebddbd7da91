import { Link } from "react-router";
import type { Route } from "../../routes/management/+types/audit";
import { Cell, panelClass, Row, secondaryButtonClass, Table } from "~/features/management/ui";
import { formatDateTimeTr } from "~/shared/management";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const a = t.audit;

/** The audit log screen (route: routes/management/audit.tsx, /management/audit). */
export function AuditPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { entries, olderThan, entity, entityId, paged } = loaderData;
  const filter = `${entity ? `&entity=${encodeURIComponent(entity)}` : ""}${entityId ? `&id=${encodeURIComponent(entityId)}` : ""}`;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{a.title}</h1>
      {entries.length === 0 ? (
        <p className={panelClass}>{a.empty}</p>
      ) : (
        <div className="lg:rounded-xl lg:bg-white lg:p-3 lg:shadow-sm">
          <Table caption={a.title} columns={[a.at, a.actor, a.action, a.target, a.before, a.after]}>
            {entries.map((e) => (
              <Row key={e.id}>
                <Cell label={a.at}>{formatDateTimeTr(e.at)}</Cell>
                <Cell label={a.actor}>{e.actor}</Cell>
                <Cell label={a.action}>{(t.auditActions as Record<string, string>)[e.action] ?? e.action}</Cell>
                <Cell label={a.target}>
                  <Link to={`?entity=${encodeURIComponent(e.entity)}&id=${encodeURIComponent(e.entityId)}`} className="underline">
                    {e.entity} #{e.entityId}
                  </Link>
                </Cell>
                <Cell label={a.before} className="max-w-xs font-mono text-xs break-all">
                  {e.before ?? t.common.none}
                </Cell>
                <Cell label={a.after} className="max-w-xs font-mono text-xs break-all">
                  {e.after ?? t.common.none}
                </Cell>
              </Row>
            ))}
          </Table>
        </div>
      )}
      <nav aria-label={t.common.pagination} className="flex flex-wrap justify-between gap-2">
        {paged || entity ? (
          <Link to="/management/audit" className={secondaryButtonClass}>
            {a.newest}
          </Link>
        ) : (
          <span />
        )}
        {olderThan ? (
          <Link to={`?before=${olderThan}${filter}`} className={secondaryButtonClass}>
            {a.older}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
