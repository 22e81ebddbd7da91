import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/promo";
import * as management from "~/.server/management/service";
import {
  ActionMessage,
  buttonClass,
  Cell,
  dangerButtonClass,
  invalidAnswer,
  outcomeAnswer,
  Pagination,
  Panel,
  Row,
  SectionError,
  Table,
  withParams,
  type ActionResult,
} from "~/features/management/ui";
import { discountText, validityText } from "~/features/management/promo-text";
import { CsrfField } from "~/ui/CsrfField";
import { pageTitle } from "~/ui/PageTitle";
import { formatAmount } from "~/shared/money";
import { formatDateTimeTr } from "~/shared/management";
import { idParam, listQuerySchema, promoActiveSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const s = t.promos;
const d = t.promo;
const money = (k: number) => formatAmount(k);

export function meta({ data }: Route.MetaArgs) {
  return pageTitle(fmt(d.title, { code: data?.promo.code ?? "" }));
}

const promoIdOf = (raw: string | undefined) => {
  const id = idParam(raw);
  if (id === null) throw management.notFound();
  return id;
};

/** A code's rules and its uses, one page at a time. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await management.guard(context, request, "promos.edit");
  const { page } = listQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const detail = await management.promoDetail(context.app, promoIdOf(params.promoId), page);
  if (!detail) throw management.notFound();
  return { ...detail, page };
}

/** On and off. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = promoIdOf(params.promoId);
  const { staff, form } = await management.staffAction(context, request, "promos.edit");
  const parsed = promoActiveSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalidAnswer("active", {});
  return outcomeAnswer("active", await management.setPromoActive(context.app, staff, id, parsed.data.active));
}

export { SectionError as ErrorBoundary };

export default function Promo({ loaderData, actionData }: Route.ComponentProps) {
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
