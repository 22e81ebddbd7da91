import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/promo";
import {
  ActionMessage,
  buttonClass,
  Cell,
  dangerButtonClass,
  Pagination,
  Panel,
  Row,
  Table,
  withParams,
  type ActionResult,
} from "~/features/management/ui";
import { discountText, validityText } from "~/features/management/promo-text";
import { CsrfField } from "~/ui/CsrfField";
import { formatAmount } from "~/shared/money";
import { formatDateTimeTr } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const s = t.promos;
const d = t.promo;
const money = (k: number) => formatAmount(k);

/** One promo code's screen (route: routes/management/promo.tsx, /management/promos/:promoId). */
export function PromoPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { promo, uses, usesTotal, discountTotal, pages, page } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const rules: [string, string][] = [
    [s.discount, discountText(promo)],
    [s.min, promo.minBasket ? money(promo.minBasket) : t.common.none],
    [s.validity, validityText(promo)],
    [s.maxUses, promo.maxUses ? fmt(s.usedOf, { used: promo.usedCount, max: promo.maxUses }) : String(promo.usedCount)],
    [s.perCustomer, promo.perCustomer ? String(promo.perCustomer) : t.common.none],
    [s.audience, s.audiences[promo.audience]],
    [s.state, promo.active ? t.forms.active : t.forms.inactive],
    [d.created, formatDateTimeTr(promo.createdAt)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{fmt(d.title, { code: promo.code })}</h1>
        <Link to="/management/promos" className="underline">
          {d.back}
        </Link>
      </div>
      <ActionMessage result={result} />
      <Panel id="promo-rules" title={d.rules} hint={promo.description || undefined}>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {rules.map(([k, v]) => (
            <div key={k}>
              <dt className="text-stone-600">{k}</dt>
              <dd className="font-medium">{v}</dd>
            </div>
          ))}
        </dl>
        <Form method="post" className="mt-4">
          <CsrfField />
          <input type="hidden" name="active" value={promo.active ? "" : "on"} />
          <button type="submit" className={promo.active ? dangerButtonClass : buttonClass} {...busyProps(busy)}>
            {promo.active ? d.deactivate : d.activate}
          </button>
        </Form>
      </Panel>
      <Panel id="promo-uses" title={d.uses} hint={fmt(d.usesSummary, { count: usesTotal, amount: money(discountTotal) })}>
        {uses.length === 0 ? (
          <p className="text-sm">{d.noUses}</p>
        ) : (
          <Table caption={d.uses} columns={[d.order, d.customer, s.discount, d.at]}>
            {uses.map((u) => (
              <Row key={u.id}>
                <Cell label={d.order}>
                  {u.orderNumber ? (
                    <Link to={`/management/orders/${u.orderNumber}`} className="underline">
                      {u.orderNumber}
                    </Link>
                  ) : (
                    d.deletedOrder
                  )}
                </Cell>
                <Cell label={d.customer}>
                  {u.email} ({u.member ? d.member : d.guest})
                </Cell>
                <Cell label={s.discount}>{money(u.discount)}</Cell>
                <Cell label={d.at}>{formatDateTimeTr(u.at)}</Cell>
              </Row>
            ))}
          </Table>
        )}
        <div className="mt-3">
          <Pagination page={page} pages={pages} href={(n) => withParams({}, { page: n })} />
        </div>
      </Panel>
    </div>
  );
}
