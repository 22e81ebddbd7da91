import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/promos";
import {
  ActionMessage,
  type ActionResult,
  buttonClass,
  Cell,
  CheckField,
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
} from "~/features/management/ui";
import { discountText, validityText } from "~/features/management/promo-text";
import { CsrfField } from "~/ui/CsrfField";
import { formatAmount } from "~/shared/money";
import { pointsByEmailSchema, PROMO_AUDIENCES, promoSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const s = t.promos;
const money = (k: number) => formatAmount(k);

/** The promo codes screen (route: routes/management/promos.tsx, /management/promos). */
export function PromosPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { q, page, pages, total, rows } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const create = useZodForm(promoSchema, fieldsOf(result, "create"));
  const points = useZodForm(pointsByEmailSchema, fieldsOf(result, "points"));
  const [kind, setKind] = useState<"percent" | "fixed">("percent");
  const e = create.errors;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{s.title}</h1>
      <ActionMessage result={result} />

      <Panel id="promo-create" title={s.create}>
        <Form method="post" onSubmit={create.onSubmit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" key={result?.form === "create" && result.ok ? result.message : "create"}>
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <TextField label={s.code} name="code" autoCapitalize="characters" autoComplete="off" maxLength={30} hint={s.codeHint} required error={e.code} />
          <TextField label={s.description} name="description" maxLength={200} error={e.description} className="lg:col-span-2" />
          <SelectField label={s.kind} name="kind" value={kind} onChange={(ev) => setKind(ev.target.value === "fixed" ? "fixed" : "percent")} error={e.kind}>
            <option value="percent">{s.kinds.percent}</option>
            <option value="fixed">{s.kinds.fixed}</option>
          </SelectField>
          {kind === "percent" ? (
            <>
              <TextField label={s.percent} name="percent" inputMode="decimal" required error={e.percent} />
              <TextField label={s.maxDiscount} name="maxDiscount" inputMode="decimal" hint={t.forms.emptyNone} error={e.maxDiscount} />
            </>
          ) : (
            <TextField label={s.amount} name="amount" inputMode="decimal" hint={t.forms.lira} required error={e.amount} className="lg:col-span-2" />
          )}
          <TextField label={s.minBasket} name="minBasket" inputMode="decimal" hint={t.forms.emptyNone} error={e.minBasket} />
          <TextField label={s.startsAt} name="startsAt" type="datetime-local" hint={s.windowHint} error={e.startsAt} />
          <TextField label={s.endsAt} name="endsAt" type="datetime-local" hint={s.windowHint} error={e.endsAt} />
          <TextField label={s.maxUses} name="maxUses" inputMode="numeric" hint={s.usesHint} error={e.maxUses} />
          <TextField label={s.perCustomer} name="perCustomer" inputMode="numeric" hint={s.usesHint} error={e.perCustomer} />
          <SelectField label={s.audience} name="audience" defaultValue="all" error={e.audience}>
            {PROMO_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {s.audiences[a]}
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2 lg:col-span-3">
            <CheckField label={s.active} name="active" defaultChecked />
          </div>
          <div>
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {s.submit}
            </button>
          </div>
        </Form>
      </Panel>

      <section className="flex flex-col gap-3" aria-labelledby="promo-list">
        <h2 id="promo-list" className="text-lg font-semibold">
          {s.list}
        </h2>
        <Form method="get" role="search" className={`${panelClass} flex flex-wrap items-end gap-3`}>
          <TextField label={s.q} name="q" type="search" defaultValue={q} className="min-w-64 flex-1" />
          <button type="submit" className={buttonClass}>
            {t.common.search}
          </button>
        </Form>
        <ResultTable total={total} shown={rows.length} caption={s.list} columns={[s.code, s.discount, s.min, s.validity, s.used, s.audience, s.state]}>
          {rows.map((p) => (
            <Row key={p.id}>
              <Cell label={s.code}>
                <Link to={`/management/promos/${p.id}`} className="font-mono font-semibold underline" aria-label={fmt(s.open, { code: p.code })}>
                  {p.code}
                </Link>
              </Cell>
              <Cell label={s.discount}>{discountText(p)}</Cell>
              <Cell label={s.min}>{p.minBasket ? money(p.minBasket) : t.common.none}</Cell>
              <Cell label={s.validity}>{validityText(p)}</Cell>
              <Cell label={s.used}>{p.maxUses ? fmt(s.usedOf, { used: p.usedCount, max: p.maxUses }) : p.usedCount}</Cell>
              <Cell label={s.audience}>{s.audiences[p.audience]}</Cell>
              <Cell label={s.state}>{p.active ? t.forms.active : t.forms.inactive}</Cell>
            </Row>
          ))}
        </ResultTable>
        <Pagination page={page} pages={pages} href={(n) => withParams({ q }, { page: n })} />
      </section>

      <Panel id="points" title={s.points} hint={s.pointsHint}>
        <Form method="post" onSubmit={points.onSubmit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <CsrfField />
          <input type="hidden" name="intent" value="points" />
          <TextField label={s.pointsEmail} name="email" type="email" autoComplete="off" required error={points.errors.email} />
          <TextField label={s.pointsAmount} name="amount" inputMode="decimal" required error={points.errors.amount} />
          <TextField label={s.pointsReason} name="reason" maxLength={300} required error={points.errors.reason} />
          <div>
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {s.pointsSubmit}
            </button>
          </div>
        </Form>
      </Panel>
    </div>
  );
}
