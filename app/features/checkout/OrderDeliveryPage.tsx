import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import type { Route } from "../../routes/+types/order-delivery";
import type { DeliveryOptions } from "~/.server/delivery/rules";
import type * as checkout from "~/.server/checkout/service";
import { Field, buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { DeliveryChoices, type Choice } from "~/features/checkout/DeliveryChoices";
import { GeoPicker, type GeoValue } from "~/features/geo/GeoPicker";
import { deliveryErrors, parseDeliveryForm, type FieldErrors } from "~/shared/checkout-forms";
import { shownDates } from "~/shared/delivery-choice";
import type { CityItem, CountyItem, NeighbourhoodItem } from "~/shared/geo";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { fmt } from "~/shared/texts/tr";
import { CsrfField } from "~/ui/CsrfField";
import { useAnnounce, useNotice } from "~/ui/Notices";
import { busyProps } from "~/ui/busy";
import { focusFirstInvalid } from "~/ui/focus";
import { PrivacyNotice } from "~/features/chrome/Consent";

const t = checkoutTr.delivery;

// Values, num and fromSaved are also used by the route's loader (the form's starting values)
export type Values = Record<string, string>;

export const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export function fromSaved(a: checkout.SavedAddress): Values {
  return {
    addrName: a.addrName,
    fullName: a.afullname,
    address: a.address,
    cityId: String(a.cityId),
    countyId: String(a.countyId),
    areaId: a.neighId ? String(a.neighId) : "",
    phone: a.phone,
    ...(a.firmName ? { invoiceType: "Corporate", firmName: a.firmName, taxAuthority: a.ataxauthority, taxId: a.aPID } : {}),
  };
}

/** The form's string fields as the server's action reads them (the same input for the same schema). */
function formFields(form: HTMLFormElement): Values {
  return Object.fromEntries([...new FormData(form).entries()].filter(([, v]) => typeof v === "string")) as Values;
}

/** The typed fields (uncontrolled: typing re-renders nothing); read into state only when the form, or the invoice block, leaves the screen. */
const TYPED = ["addrName", "fullName", "address", "phone", "inv_addrName", "inv_fullName", "inv_address", "inv_phone", "firmName", "taxAuthority", "taxId"];

/** Drops what a field may not hold as it is typed (an uncontrolled field: the DOM value is corrected in place). */
const keepOnly = (notAllowed: RegExp) => (ev: ChangeEvent<HTMLInputElement>) => {
  const el = ev.currentTarget;
  const clean = el.value.replace(notAllowed, "");
  if (clean !== el.value) el.value = clean;
};
const phoneChars = keepOnly(/[^\d ]/g);
const digits = keepOnly(/\D/g);

/**
 * One address (delivery or invoice). Its text fields are uncontrolled, and the block is memoised: typing in the
 * form, choosing an option or ticking a box re-renders none of it (the city, county and neighbourhood lists are
 * the heaviest part of the page on a phone). It re-renders when the errors or the server's lists change.
 */
const AddressBlock = memo(function AddressBlock(props: {
  prefix: "" | "inv_";
  title: string;
  /** What the fields start with (the form is remounted when these change). */
  values: Values;
  errors: FieldErrors;
  cities: CityItem[];
  counties: CountyItem[];
  neighbourhoods: NeighbourhoodItem[];
  sameDayCityId?: number;
  onGeo: (prefix: "" | "inv_", g: GeoValue) => void;
}) {
  const p = props.prefix;
  const v = (k: string) => props.values[`${p}${k}`] ?? "";
  const e = (k: string) => props.errors[`${p}${k}`];
  return (
    <fieldset className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
      <legend className="px-1 text-lg font-bold">{props.title}</legend>
      <Field label={t.addressName} hint={t.addressNameHint} name={`${p}addrName`} defaultValue={v("addrName")} maxLength={40} error={e("addrName")} />
      <Field label={t.fullName} hint={t.fullNameHint} name={`${p}fullName`} defaultValue={v("fullName")} required minLength={6} maxLength={50} autoComplete="name" error={e("fullName")} />
      <GeoPicker
        cities={props.cities}
        counties={props.counties}
        neighbourhoods={props.neighbourhoods}
        value={{ cityId: num(v("cityId")), countyId: num(v("countyId")), areaId: num(v("areaId")) }}
        names={{ city: `${p}cityId`, county: `${p}countyId`, neighbourhood: `${p}areaId` }}
        errors={{ cityId: e("cityId"), countyId: e("countyId"), areaId: e("areaId") }}
        sameDayCityId={props.sameDayCityId}
        neighbourhoodOptional
        onChange={(g) => props.onGeo(p, g)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${p}address`} className="text-sm font-medium">
          {t.address}
        </label>
        <textarea
          id={`${p}address`}
          name={`${p}address`}
          defaultValue={v("address")}
          required
          minLength={10}
          maxLength={250}
          rows={3}
          autoComplete="street-address"
          aria-invalid={e("address") ? true : undefined}
          aria-describedby={e("address") ? `${p}address-hint ${p}address-error` : `${p}address-hint`}
          className="rounded-lg border border-choc-200 bg-white px-3 py-2 aria-invalid:border-red-700"
        />
        <p id={`${p}address-hint`} className="text-xs text-stone-600">
          {t.addressHint}
        </p>
        {e("address") ? (
          <p id={`${p}address-error`} className="text-sm text-red-800">
            {e("address")}
          </p>
        ) : null}
      </div>
      <Field
        label={t.phone}
        hint={t.phoneHint}
        name={`${p}phone`}
        defaultValue={v("phone")}
        required
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        onChange={phoneChars}
        error={e("phone")}
      />
    </fieldset>
  );
});

/** The delivery step's screen (SPEC §2.8 step 1; its data and form: routes/order-delivery.tsx). */
export function OrderDeliveryPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const notify = useNotice();
  const navigation = useNavigation();
  const optionsFetcher = useFetcher<{ ok: boolean; options: DeliveryOptions | null }>();
  // `values`: what the page reacts to (the address's place, invoice choices, requested date, delivery option);
  // the typed fields are not in it while the form is on screen (uncontrolled: a keystroke renders nothing)
  const [values, setValues] = useState<Values>(() => ({ invoiceType: "Individual", ...loaderData.values, ...(actionData?.values ?? {}) }));
  // what the form's fields start with; changes only when the form is shown anew (after the chooser)
  const [defaults, setDefaults] = useState<Values>(values);
  const [errors, setErrors] = useState<FieldErrors>(actionData?.fields ?? {});
  const [options, setOptions] = useState<DeliveryOptions | null>(loaderData.options);
  const [chooser, setChooser] = useState(loaderData.startWithChooser);
  const [formKey, setFormKey] = useState(0);
  const [showDate, setShowDate] = useState(Boolean(values.requestedDate));
  const lastNotice = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // the latest values for the callbacks below, which stay the same function so the memoised sections keep still
  const latest = useRef(values);
  useLayoutEffect(() => {
    latest.current = values;
  });

  useEffect(() => {
    if (actionData && actionData !== lastNotice.current) {
      lastNotice.current = actionData;
      setErrors(actionData.fields);
      notify(actionData.messages.join(" · "), "error", actionData.durationMs, "delivery-form");
      focusFirstInvalid();
    }
  }, [actionData, notify]);

  const announce = useAnnounce();
  useEffect(() => {
    if (!optionsFetcher.data) return;
    const next = optionsFetcher.data.ok ? optionsFetcher.data.options : null;
    setOptions(next);
    announce(next ? t.optionsReloaded : t.optionsReloadedNone);
  }, [optionsFetcher.data, announce]);

  const set = (k: string, v: string) => setValues((old) => ({ ...old, [k]: v }));
  const { option = "", carrier = "", slot = "", hour = "", location = "" } = values;
  const choice: Choice = useMemo(() => ({ option, carrier, slot, hour, location }), [option, carrier, slot, hour, location]);
  const clearChoice = useCallback((patch: Values = {}) => setValues((old) => ({ ...old, ...patch, option: "", carrier: "", slot: "", hour: "", location: "" })), []);
  const onChoose = useCallback((c: Choice) => setValues((old) => ({ ...old, ...c })), []);

  // the dates shown beside the chosen option: choosing it sets the ready date (SPEC §4), and the form sends
  // both so the server stores exactly these (or refuses when they have moved)
  const shown = options && choice.option ? shownDates(options, { option: choice.option, location: choice.location || null }) : null;
  const readyDate = shown?.ready ?? options?.defaultReadyDate ?? null;

  const load = optionsFetcher.load;
  const reload = useCallback(
    (g: { cityId?: string; countyId?: string; areaId?: string; date?: string }) => {
      const q = new URLSearchParams();
      if (g.cityId) q.set("cityId", g.cityId);
      if (g.countyId) q.set("countyId", g.countyId);
      if (g.areaId) q.set("areaId", g.areaId);
      if (g.date) q.set("date", g.date);
      if (g.cityId && g.countyId) void load(`/api/checkout/options?${q}`);
      else setOptions(null);
    },
    [load],
  );

  // a refused submit (an option closed or its date moved while the page was open): show the options as they
  // are now, for the same address and requested date, so the buyer sees the new dates before choosing again
  const refreshedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!actionData || refreshedFor.current === actionData) return;
    refreshedFor.current = actionData;
    if ("option" in actionData.fields) reload({ cityId: values.cityId, countyId: values.countyId, areaId: values.areaId, date: values.requestedDate });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refused submit, with the values it was sent with
  }, [actionData]);

  const setRequested = useCallback(
    (date: string) => {
      const v = latest.current;
      clearChoice({ requestedDate: date });
      reload({ cityId: v.cityId, countyId: v.countyId, areaId: v.areaId, date });
    },
    [clearChoice, reload],
  );
  const onOrderFor = useCallback(
    (date: string) => {
      setShowDate(true);
      setRequested(date);
    },
    [setRequested],
  );

  /** A place chosen in one of the address blocks; the delivery address's place also reloads the options. */
  const onGeo = useCallback(
    (p: "" | "inv_", g: GeoValue) => {
      const ids = { [`${p}cityId`]: g.cityId ? String(g.cityId) : "", [`${p}countyId`]: g.countyId ? String(g.countyId) : "", [`${p}areaId`]: g.areaId ? String(g.areaId) : "" };
      if (p === "inv_") {
        setValues((old) => ({ ...old, ...ids }));
        return;
      }
      clearChoice(ids);
      reload({ cityId: ids.cityId, countyId: ids.countyId, areaId: ids.areaId, date: latest.current.requestedDate });
    },
    [clearChoice, reload],
  );

  /**
   * What is typed so far, merged into the values: before the form leaves the screen (the saved-address chooser)
   * or a block of it does (the invoice address), so it comes back as it was typed.
   */
  const withTyped = (): Values => {
    const typed: Values = {};
    const form = formRef.current;
    if (form) {
      const now = formFields(form);
      for (const k of TYPED) if (k in now) typed[k] = now[k]!;
    }
    return { ...latest.current, ...typed };
  };
  const openChooser = () => {
    setValues(withTyped());
    setChooser(true);
  };
  const setSeparateInvoice = (on: boolean) => {
    if (on) return set("separateInvoice", "1");
    const next = { ...withTyped(), separateInvoice: "" };
    setValues(next);
    setDefaults(next);
  };

  const busy = optionsFetcher.state !== "idle" || navigation.state === "submitting";

  if (chooser) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-6">
        <h1 className="text-xl font-bold">{t.chooseDeliveryTitle}</h1>
        <ul className="mt-4 space-y-3">
          {loaderData.saved.map((a) => (
            <li key={a.AID} className="flex items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm">
              <span>
                <strong className="block">{a.addrName || a.afullname}</strong>
                <span className="text-sm text-choc-700">
                  {a.address}, {a.countyName} / {a.cityName}
                </span>
              </span>
              <button
                type="button"
                className={buttonClass}
                onClick={() => {
                  const v = fromSaved(a);
                  const next = { ...values, ...v, option: "" };
                  setValues(next);
                  setDefaults(next);
                  setChooser(false);
                  setFormKey((k) => k + 1);
                  reload({ cityId: v.cityId, countyId: v.countyId, areaId: v.areaId, date: values.requestedDate });
                }}
              >
                {t.chooseAddress}
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex gap-3">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setDefaults(values);
              setChooser(false);
            }}
          >
            {t.newAddress}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-busy={busy}>
      <h1 className="text-xl font-bold">{t.title}</h1>
      {busy ? (
        <div role="status" className="fixed inset-0 z-40 flex items-center justify-center bg-white/60">
          <span className="rounded-lg bg-choc-900 px-4 py-3 text-white shadow">{t.loading}</span>
        </div>
      ) : null}
      <Form
        method="post"
        key={formKey}
        ref={formRef}
        noValidate
        className="mt-4 space-y-5"
        onSubmit={(e) => {
          // the same fields the server's action reads, through the same schema (app/shared/checkout-forms.ts)
          const r = parseDeliveryForm(formFields(e.currentTarget));
          if (!r.success) {
            e.preventDefault();
            const d = deliveryErrors(r.error);
            setErrors(d.fields);
            notify(d.messages.join(" · "), "error", d.durationMs, "delivery-form");
            focusFirstInvalid(e.currentTarget);
          }
        }}
      >
        <CsrfField />
        {loaderData.saved.length > 0 ? (
          <button type="button" className={secondaryButtonClass} onClick={openChooser}>
            {t.savedAddresses}
          </button>
        ) : null}
        <AddressBlock
          prefix=""
          title={t.deliveryAddress}
          values={defaults}
          errors={errors}
          cities={loaderData.cities}
          counties={loaderData.main.counties}
          neighbourhoods={loaderData.main.neighbourhoods}
          sameDayCityId={loaderData.sameDayCityId}
          onGeo={onGeo}
        />
        <label className="flex items-center gap-3">
          <input type="checkbox" name="separateInvoice" value="1" checked={values.separateInvoice === "1"} onChange={(e) => setSeparateInvoice(e.target.checked)} className="h-5 w-5" />
          {t.separateInvoice}
        </label>
        {values.separateInvoice === "1" ? (
          <AddressBlock
            prefix="inv_"
            title={t.invoiceAddress}
            values={defaults}
            errors={errors}
            cities={loaderData.cities}
            counties={loaderData.inv.counties}
            neighbourhoods={loaderData.inv.neighbourhoods}
            onGeo={onGeo}
          />
        ) : null}
        <fieldset className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
          <legend className="px-1 text-lg font-bold">{t.invoiceType}</legend>
          <div className="flex gap-6">
            {(["Individual", "Corporate"] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input type="radio" name="invoiceType" value={k} checked={values.invoiceType === k} onChange={() => set("invoiceType", k)} className="h-4 w-4" />
                {k === "Individual" ? t.individual : t.corporate}
              </label>
            ))}
          </div>
          {values.invoiceType === "Corporate" ? (
            <div className="grid gap-3 sm:grid-cols-3">
              <Field label={t.firmName} name="firmName" maxLength={100} defaultValue={defaults.firmName ?? ""} error={errors.firmName} required />
              <Field label={t.taxAuthority} name="taxAuthority" maxLength={60} defaultValue={defaults.taxAuthority ?? ""} error={errors.taxAuthority} required />
              <Field label={t.taxId} hint={t.taxIdHint} name="taxId" inputMode="numeric" maxLength={11} defaultValue={defaults.taxId ?? ""} onChange={digits} error={errors.taxId} required />
            </div>
          ) : null}
        </fieldset>
        <fieldset className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
          <legend className="px-1 text-lg font-bold">{t.options}</legend>
          <div className="space-y-2">
            <input type="hidden" name="readyDate" value={readyDate?.dateISO ?? ""} />
            <input type="hidden" name="estimatedDelivery" value={shown?.estimated.dateISO ?? ""} />
            <p className="text-sm" aria-live="polite" data-testid="ready-date">
              {t.readyDate}: <strong>{readyDate ? (readyDate.dateISO === options?.today ? fmt(t.todayDate, { date: readyDate.date }) : readyDate.date) : "—"}</strong>
              <span className="block text-xs text-stone-600">{shown ? t.readyDateChosen : t.readyDateDefault}</span>
            </p>
            {showDate ? (
              <div className="flex flex-wrap items-end gap-3">
                <Field
                  label={t.advanceOrder}
                  hint={t.advanceOrderHint}
                  type="date"
                  name="requestedDate"
                  value={values.requestedDate ?? ""}
                  min={options?.today}
                  max={options?.maxDate}
                  error={errors.requestedDate ?? errors.readyDate}
                  onChange={(e) => setRequested(e.target.value)}
                />
                <button
                  type="button"
                  className="underline"
                  onClick={() => {
                    setShowDate(false);
                    setRequested("");
                  }}
                >
                  {t.advanceOrderClear}
                </button>
              </div>
            ) : (
              <button type="button" className="text-sm underline" onClick={() => setShowDate(true)}>
                {t.advanceOrder}
              </button>
            )}
          </div>
          <DeliveryChoices options={options} choice={choice} onChoose={onChoose} onOrderFor={onOrderFor} errors={errors} />
        </fieldset>
        {loaderData.member ? (
          <label className="flex items-center gap-3">
            <input type="checkbox" name="saveAddress" value="1" defaultChecked className="h-5 w-5" />
            {t.saveAddress}
          </label>
        ) : null}
        <PrivacyNotice />
        <button type="submit" className={`${buttonClass} w-full`} {...busyProps(navigation.state === "submitting")}>
          {t.submit}
        </button>
      </Form>
    </section>
  );
}
