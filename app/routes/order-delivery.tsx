import { data, redirect } from "react-router";
import type { Route } from "./+types/order-delivery";
import * as accounts from "~/.server/accounts/service";
import * as checkout from "~/.server/checkout/service";
import * as delivery from "~/.server/delivery/service";
import * as geo from "~/.server/geo/service";
import { loadCheckout } from "./order-guard.server";
import { OrderDeliveryPage, fromSaved, num, type Values } from "~/features/checkout/OrderDeliveryPage";
import { deliveryErrors, parseDeliveryForm } from "~/shared/checkout-forms";
import type { CityItem, CountyItem, NeighbourhoodItem } from "~/shared/geo";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { tr } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";

export function meta() {
  return pageTitle(tr.pages.orderDelivery);
}

async function lists(app: Route.LoaderArgs["context"]["app"], cityId?: number, countyId?: number) {
  const counties: CountyItem[] = cityId ? (await geo.listCounties(app, cityId)).map((c) => ({ countyID: c.id, countyName: c.name })) : [];
  const neighbourhoods: NeighbourhoodItem[] = countyId
    ? (await geo.listNeighbourhoods(app, countyId)).map((n) => ({ neighborhoodID: n.id, neighborhoodName: n.name, postalCode: n.postalCode }))
    : [];
  return { counties, neighbourhoods };
}

/** The values the form starts with: a saved order, else the member's only saved address, else empty. */
function initialValues(state: Awaited<ReturnType<typeof checkout.getState>>, saved: checkout.SavedAddress[]): Values {
  const f = state.delivery?.form;
  if (f) {
    const v: Values = {
      addrName: f.delivery.addrName,
      fullName: f.delivery.fullName,
      address: f.delivery.address,
      cityId: String(f.delivery.cityId),
      countyId: String(f.delivery.countyId),
      areaId: f.delivery.areaId ? String(f.delivery.areaId) : "",
      phone: f.delivery.phone,
      separateInvoice: f.separateInvoice ? "1" : "",
      invoiceType: f.invoiceType,
      firmName: f.firmName,
      taxAuthority: f.taxAuthority,
      taxId: f.taxId,
      // a state saved before the requested date had its own field kept it in readyDate
      requestedDate: (f.requestedDate !== undefined ? f.requestedDate : f.readyDate) ?? "",
      option: f.choice.option,
      carrier: f.choice.carrier,
      slot: f.choice.slot,
      hour: f.choice.hour,
      location: f.choice.location,
    };
    if (f.invoice) {
      for (const [k, val] of Object.entries(f.invoice)) v[`inv_${k}`] = val === undefined ? "" : String(val);
    }
    return v;
  }
  if (saved.length === 1) return fromSaved(saved[0]!);
  return {};
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { basket, state, session } = await loadCheckout(context, request, 1);
  const app = context.app;
  const saved = session.user ? await checkout.listAddresses(app, session.user.id) : [];
  const values = initialValues(state, saved);
  const cities: CityItem[] = (await delivery.cityList(app)).map((c) => ({ cityID: c.id, cityName: c.name, minDay: c.minDay, colour: c.colour, disabled: c.disabled }));
  const main = await lists(app, num(values.cityId), num(values.countyId));
  const inv = await lists(app, num(values.inv_cityId), num(values.inv_countyId));
  const opts = await checkout.optionsFor(app, basket, { cityId: num(values.cityId), countyId: num(values.countyId), areaId: num(values.areaId), date: values.requestedDate || null });
  const config = await delivery.getConfig(app);
  return {
    cities,
    main,
    inv,
    values,
    saved,
    member: Boolean(session.user),
    options: opts.ok ? opts.options : null,
    sameDayCityId: config.sameDayCityId,
    // with several saved addresses and nothing entered yet, the buyer picks one first
    startWithChooser: saved.length > 1 && !state.delivery,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const { basket, session } = await loadCheckout(context, request, 1);
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const parsed = parseDeliveryForm(fields);
  if (!parsed.success) {
    const e = deliveryErrors(parsed.error);
    return data({ fields: e.fields, messages: e.messages, durationMs: e.durationMs, values: fields }, { status: 400 });
  }
  try {
    const r = await checkout.saveDelivery(context.app, basket, session.user?.id ?? null, parsed.data);
    if (!r.ok) return data({ fields: r.field ? { [r.field]: r.message } : {}, messages: [r.message], durationMs: 3000, values: fields }, { status: 400 });
  } catch (err) {
    context.app.log.error({ err, requestId: context.requestId }, "delivery save failed");
    return data({ fields: {}, messages: [checkoutTr.deliveryErrors.saveFailed], durationMs: 3000, values: fields }, { status: 500 });
  }
  return redirect("/order/payment");
}

export default function OrderDelivery({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderDeliveryPage loaderData={loaderData} actionData={actionData} />;
}
