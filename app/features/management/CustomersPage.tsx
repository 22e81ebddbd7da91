import { Form, Link } from "react-router";
import type { Route } from "../../routes/management/+types/customers";
import { buttonClass, Cell, Pagination, panelClass, ResultTable, Row, TextField, withParams } from "~/features/management/ui";
import { customerState, formatDateTimeTr } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { consentTr } from "~/shared/texts/consent.tr";
import { CsrfField } from "~/ui/CsrfField";

const t = managementTr;
const c = t.customers;

/** The customers list screen (route: routes/management/customers.tsx, /management/customers): customers by name or e-mail, one page at a time. */
export function CustomersPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { q, page, pages, total, rows } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{c.title}</h1>
      {loaderData.canExportConsents ? (
        <Form method="post" action="/management/consents/export" reloadDocument className="no-print">
          <CsrfField />
          <button type="submit" className={buttonClass}>
            {consentTr.staff.export}
          </button>
        </Form>
      ) : null}
      <Form method="get" className={`${panelClass} no-print flex flex-wrap items-end gap-3`} role="search">
        <TextField label={c.q} name="q" type="search" defaultValue={q} hint={c.hint} className="min-w-64 flex-1" />
        <button type="submit" className={buttonClass}>
          {t.common.search}
        </button>
      </Form>
      <ResultTable total={total} shown={rows.length} caption={c.title} columns={[c.name, c.email, c.registered, c.state]}>
        {rows.map((u) => (
          <Row key={u.id}>
            <Cell label={c.name}>
              <Link to={`/management/customers/${u.id}`} className="font-semibold underline" aria-label={fmt(c.open, { name: u.name })}>
                {u.name}
              </Link>
            </Cell>
            <Cell label={c.email}>{u.email}</Cell>
            <Cell label={c.registered}>{formatDateTimeTr(u.createdAt)}</Cell>
            <Cell label={c.state}>{customerState(u)}</Cell>
          </Row>
        ))}
      </ResultTable>
      <Pagination page={page} pages={pages} href={(p) => withParams({ q }, { page: p })} />
    </div>
  );
}
