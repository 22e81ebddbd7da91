import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/catalog";
import {
  ActionMessage,
  buttonClass,
  Cell,
  fieldsOf,
  Pagination,
  Panel,
  panelClass,
  ResultTable,
  Row,
  SelectField,
  TextField,
  useZodForm,
  withParams,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { formatAmount } from "~/shared/money";
import { newProductSchema, PRODUCT_KINDS } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const c = t.catalog;
const money = (k: number) => formatAmount(k);

/** The catalog list screen (route: routes/management/catalog.tsx, /management/catalog). */
export function CatalogPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { filter, rows, total, pages, mayCreate, mayEditPages } = loaderData;
  const { page, ...base } = filter;
  const result = actionData as ActionResult | undefined;
  const create = useZodForm(newProductSchema, fieldsOf(result, "create"));
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{c.title}</h1>
      <ActionMessage result={result} />
      {mayCreate ? (
        <Panel id="product-create" title={c.create} hint={c.createHint}>
          <Form method="post" onSubmit={create.onSubmit} noValidate className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <CsrfField />
            <TextField label={c.createName} name="name" maxLength={120} required error={create.errors.name} />
            <SelectField label={c.createKind} name="group" defaultValue="single" error={create.errors.group}>
              {PRODUCT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {c.kinds[k]}
                </option>
              ))}
            </SelectField>
            <TextField label={c.createPrice} name="itemPrice" inputMode="decimal" hint={t.forms.lira} required error={create.errors.itemPrice} />
            <div>
              <button type="submit" className={buttonClass} {...busyProps(busy)}>
                {c.createSubmit}
              </button>
            </div>
          </Form>
        </Panel>
      ) : null}
      <Form method="get" role="search" aria-label={c.filters} className={`${panelClass} grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-4`}>
        <TextField label={c.q} name="q" type="search" defaultValue={filter.q} className="sm:col-span-2 lg:col-span-1" />
        <SelectField label={c.state} name="state" defaultValue={filter.state}>
          <option value="">{t.common.all}</option>
          <option value="active">{c.stateActive}</option>
          <option value="archived">{c.stateArchived}</option>
        </SelectField>
        <SelectField label={c.kind} name="kind" defaultValue={filter.kind}>
          <option value="">{t.common.all}</option>
          {PRODUCT_KINDS.map((k) => (
            <option key={k} value={k}>
              {c.kinds[k]}
            </option>
          ))}
        </SelectField>
        <div>
          <button type="submit" className={buttonClass}>
            {t.common.filter}
          </button>
        </div>
      </Form>
      <ResultTable total={total} shown={rows.length} caption={c.title} columns={[c.product, c.id, c.packageContent, c.price, c.stock, c.storefront, c.state]}>
        {rows.map((p) => (
          <Row key={p.id}>
            <Cell label={c.product}>
              <span className="flex items-center gap-2">
                <img src={p.image} alt="" width={40} height={40} loading="lazy" className="size-10 rounded bg-choc-50 object-cover" />
                <Link to={`/management/catalog/${p.id}`} className="font-semibold underline" aria-label={fmt(c.open, { name: p.name })}>
                  {p.name}
                </Link>
              </span>
            </Cell>
            <Cell label={c.id}>{p.id}</Cell>
            <Cell label={c.packageContent}>{p.packageContent || t.common.none}</Cell>
            <Cell label={c.price}>
              {money(p.itemPrice)}
              {p.originalPrice > p.itemPrice ? <s className="ml-2 text-stone-600">{money(p.originalPrice)}</s> : null}
            </Cell>
            <Cell label={c.stock}>{p.stock ?? c.unlimited}</Cell>
            <Cell label={c.storefront}>{p.storefront ?? c.notInStorefront}</Cell>
            <Cell label={c.state}>{p.active ? c.stateActive : c.stateArchived}</Cell>
          </Row>
        ))}
      </ResultTable>
      <Pagination page={page} pages={pages} href={(n) => withParams(base, { page: n })} />
      <p className="text-sm text-stone-700">
        {mayEditPages ? (
          <Link to="/management/pages" className="underline">
            {c.pagesNote}
          </Link>
        ) : (
          c.pagesNote
        )}
      </p>
    </div>
  );
}
