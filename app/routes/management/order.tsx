import { data } from "react-router";
import type { Route } from "./+types/order";
import * as management from "~/.server/management/service";
import * as orderNotes from "~/.server/management/order-notes";
import { SectionError, type ActionResult } from "~/features/management/ui";
import { OrderPage } from "~/features/management/OrderPage";
import { pageTitle } from "~/ui/PageTitle";
import { isOrderStatus } from "~/shared/order-status";
import { fieldErrors, refundSchema, shipmentSchema, statusChangeSchema } from "~/shared/management";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const o = t.order;

export function meta({ data }: Route.MetaArgs) {
  return pageTitle(fmt(o.title, { number: data?.order.orderNumber ?? "" }));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "orders.view");
  const detail = await management.orderDetail(context.app, staff, params.orderNumber);
  if (!detail) throw management.notFound();
  // a fresh key per page view: submitting the same refund form twice refunds once
  return { ...detail, refundKey: crypto.randomUUID(), staffNotes: await orderNotes.notesOf(context.app, detail.order.id) };
}

const INTENT_CAPABILITY = { status: "orders.change", shipment: "orders.change", refund: "orders.refund", note: "orders.change" } as const;
type Intent = keyof typeof INTENT_CAPABILITY;
const intentOf = (form: FormData): Intent => {
  const i = String(form.get("intent") ?? "");
  return i in INTENT_CAPABILITY ? (i as Intent) : "status";
};

/** Status change (cancel included), shipment correction and refund; each needs its own capability. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, (f) => INTENT_CAPABILITY[intentOf(f)]);
  const values = Object.fromEntries(form);
  const intent = intentOf(form);
  // which form answered: its field errors show there only
  const formKey = intent === "status" && values.to === "cancelled" ? "cancel" : intent;
  const invalid = (fields: Record<string, string>) => data<ActionResult>({ ok: false, message: t.errors.invalidForm, fields, form: formKey }, { status: 400 });
  let result: management.Outcome;
  switch (intent) {
    case "status": {
      const parsed = statusChangeSchema.safeParse(values);
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      const from = String(values.from ?? "");
      result = await management.changeStatus(context.app, staff, params.orderNumber, { ...parsed.data, from: isOrderStatus(from) ? from : undefined });
      break;
    }
    case "shipment": {
      const parsed = shipmentSchema.safeParse(values);
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      result = await management.updateShipment(context.app, staff, params.orderNumber, parsed.data);
      break;
    }
    case "refund": {
      const parsed = refundSchema.safeParse(values);
      const key = String(values.key ?? "");
      if (!parsed.success) return invalid(fieldErrors(parsed.error));
      if (!/^[\w-]{8,64}$/.test(key)) return invalid({});
      result = await management.refundOrder(context.app, staff, params.orderNumber, { ...parsed.data, key });
      break;
    }
    case "note": {
      result = await orderNotes.addNote(context.app, staff, params.orderNumber, String(values.body ?? ""));
      if (!result.ok && result.fields) return invalid(result.fields);
      break;
    }
  }
  return data<ActionResult>({ ...result, form: formKey }, { status: result.ok ? 200 : 409 });
}

export { SectionError as ErrorBoundary };

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderPage loaderData={loaderData} actionData={actionData} />;
}
