import { Form, Link } from "react-router";
import type { Route } from "../../routes/management/+types/messages";
import { buttonClass, Cell, Pagination, panelClass, ResultTable, Row, SelectField, TextField, withParams } from "~/features/management/ui";
import { formatDateTimeTr } from "~/shared/management";
import { MESSAGE_STATES } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const m = t.messages;

const stateClass = { new: "bg-amber-100 text-amber-950", read: "bg-stone-100 text-stone-900", answered: "bg-green-100 text-green-900" } as const;

/** The contact messages inbox screen (route: routes/management/messages.tsx, /management/messages). */
export function MessagesPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { filter, rows, total, pages, unread } = loaderData;
  const { page, ...base } = filter;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{m.title}</h1>
      <p className="font-medium">{fmt(m.unread, { n: unread })}</p>
      <Form method="get" role="search" aria-label={m.filters} className={`${panelClass} flex flex-wrap items-end gap-3`}>
        <TextField label={m.q} name="q" type="search" defaultValue={filter.q} className="min-w-64 flex-1" />
        <SelectField label={m.state} name="state" defaultValue={filter.state}>
          <option value="">{t.common.all}</option>
          {MESSAGE_STATES.map((s) => (
            <option key={s} value={s}>
              {m.states[s]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClass}>
          {t.common.filter}
        </button>
      </Form>
      <ResultTable total={total} shown={rows.length} caption={m.title} columns={[m.at, m.from, m.message, m.state]}>
        {rows.map((r) => (
          <Row key={r.id}>
            <Cell label={m.at}>{formatDateTimeTr(r.createdAt)}</Cell>
            <Cell label={m.from}>
              <Link to={`/management/messages/${r.id}`} className={`underline ${r.state === "new" ? "font-bold" : "font-medium"}`} aria-label={fmt(m.open, { name: r.name })}>
                {r.name}
              </Link>
              <span className="block text-xs break-all">{r.email ?? m.noEmail}</span>
            </Cell>
            <Cell label={m.message} className="max-w-md">
              {r.message}
            </Cell>
            <Cell label={m.state}>
              <span className={`rounded px-2 py-0.5 ${stateClass[r.state]}`}>{m.states[r.state]}</span>
            </Cell>
          </Row>
        ))}
      </ResultTable>
      <Pagination page={page} pages={pages} href={(n) => withParams(base, { page: n })} />
    </div>
  );
}
