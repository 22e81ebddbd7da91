import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod/mini";
import type { Route } from "../../routes/management/+types/delivery";
import {
  ActionMessage,
  buttonClass,
  CheckField,
  fieldsOf,
  Panel,
  SelectField,
  TextAreaField,
  TextField,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { busyProps } from "~/ui/busy";
import {
  carrierSchema,
  cutoffsSchema,
  disabledCitiesSchema,
  DOOR_SLOT_MAX,
  doorSlotsSchema,
  generalSchema,
  leadSchema,
  noticeSchema,
  pickupSchema,
  SHIPPING_TYPES,
  shippingSchema,
  thresholdsSchema,
  toLiraInput,
  VIP_SLOTS,
  vipSlotsSchema,
  WEEKDAYS,
  weekdaysSchema,
} from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const d = t.delivery;

/** One settings form: its own panel, its own schema, its own errors. */
function SettingsForm({
  intent,
  title,
  hint,
  schema,
  result,
  children,
}: {
  intent: string;
  title: string;
  hint?: string;
  schema: z.ZodMiniType;
  result: ActionResult | undefined;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const form = useZodForm(schema, fieldsOf(result, intent));
  return (
    <Panel id={`delivery-${intent}`} title={title} hint={hint}>
      <Form method="post" onSubmit={form.onSubmit} noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value={intent} />
        {children(form.errors)}
        <button type="submit" className={`${buttonClass} mt-4`} {...busyProps(busy)}>
          {t.forms.save}
        </button>
      </Form>
    </Panel>
  );
}

const grid = "grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4";

/** The delivery settings screen (route: routes/management/delivery.tsx, /management/delivery). */
export function DeliveryPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { settings: s, pickupLocations, carriers, cities } = loaderData;
  const result = actionData as ActionResult | undefined;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{d.title}</h1>
      <nav aria-label={d.title} className="flex flex-wrap gap-3">
        <Link to="/management/delivery/days" className="underline">
          {d.days}
        </Link>
        <Link to="/management/delivery/zone" className="underline">
          {d.zone}
        </Link>
      </nav>
      <ActionMessage result={result} />

      <SettingsForm intent="general" title={d.general} schema={generalSchema} result={result}>
        {(e) => (
          <div className={grid}>
            <SelectField label={d.sameDayCity} name="sameDayCityId" defaultValue={s.sameDayCityId} error={e.sameDayCityId}>
              {cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <TextField label={d.capacity} name="capacityPerDay" inputMode="numeric" defaultValue={s.capacityPerDay} error={e.capacityPerDay} />
            <TextField label={d.horizon} name="horizonDays" inputMode="numeric" defaultValue={s.horizonDays} error={e.horizonDays} />
            <TextField label={d.defaultMinDay} name="defaultMinDay" inputMode="numeric" defaultValue={s.defaultMinDay} error={e.defaultMinDay} />
          </div>
        )}
      </SettingsForm>

      <SettingsForm intent="shipping" title={d.shipping} hint={d.shippingHint} schema={shippingSchema} result={result}>
        {(e) => (
          <div className={grid}>
            {SHIPPING_TYPES.map((k) => (
              <div key={k} className="flex flex-col gap-2">
                <TextField label={fmt(d.price, { type: d.types[k] })} name={`${k}Price`} inputMode="decimal" defaultValue={toLiraInput(s.shipping[k].price)} error={e[`${k}Price`]} />
                <TextField label={fmt(d.daysField, { type: d.types[k] })} name={`${k}Days`} inputMode="numeric" defaultValue={s.shipping[k].days ?? ""} error={e[`${k}Days`]} />
              </div>
            ))}
          </div>
        )}
      </SettingsForm>

      <SettingsForm intent="thresholds" title={d.thresholds} schema={thresholdsSchema} result={result}>
        {(e) => (
          <div className={grid}>
            <TextField label={d.freeFrom} name="freeFrom" inputMode="decimal" defaultValue={toLiraInput(s.thresholds.freeFrom)} error={e.freeFrom} />
            <TextField label={d.reasonableFrom} name="reasonableFrom" inputMode="decimal" defaultValue={toLiraInput(s.thresholds.reasonableFrom)} error={e.reasonableFrom} />
            <TextField label={d.reasonableCost} name="reasonableCost" inputMode="decimal" defaultValue={toLiraInput(s.thresholds.reasonableCost)} error={e.reasonableCost} />
          </div>
        )}
      </SettingsForm>

      <SettingsForm intent="cutoffs" title={d.cutoffs} schema={cutoffsSchema} result={result}>
        {(e) => (
          <div className={grid}>
            <TextField label={d.shippingSameDay} name="shippingSameDay" type="time" defaultValue={s.cutoffs.shippingSameDay} error={e.shippingSameDay} />
            <TextField label={d.courierSameDay} name="courierSameDay" type="time" defaultValue={s.cutoffs.courierSameDay} error={e.courierSameDay} />
            <TextField label={d.pickupSameDay} name="pickupSameDay" type="time" defaultValue={s.cutoffs.pickupSameDay} error={e.pickupSameDay} />
          </div>
        )}
      </SettingsForm>

      <SettingsForm intent="doorSlots" title={d.doorSlots} hint={d.doorSlotsHint} schema={doorSlotsSchema} result={result}>
        {(e) => (
          <div className={grid}>
            {Array.from({ length: DOOR_SLOT_MAX }, (_, i) => (
              <div key={i} className="flex gap-2">
                <TextField label={fmt(d.slotFrom, { n: i + 1 })} name={`slot${i}From`} inputMode="numeric" defaultValue={s.doorSlots[i]?.from ?? ""} error={e[`slot${i}From`]} />
                <TextField label={fmt(d.slotTo, { n: i + 1 })} name={`slot${i}To`} inputMode="numeric" defaultValue={s.doorSlots[i]?.to ?? ""} error={e[`slot${i}To`]} />
              </div>
            ))}
          </div>
        )}
      </SettingsForm>

      <SettingsForm intent="vipSlots" title={d.vipSlots} schema={vipSlotsSchema} result={result}>
        {(e) => (
          <div className={grid}>
            {VIP_SLOTS.map((code) => {
              const slot = s.vipSlots.find((v) => v.code === code);
              const name = d.vip[code];
              return (
                <fieldset key={code} className="flex flex-col gap-2 rounded-lg border border-choc-100 p-3">
                  <legend className="px-1 font-medium">{name}</legend>
                  <TextField label={fmt(d.vipFrom, { slot: name })} name={`${code}From`} inputMode="numeric" defaultValue={slot?.from ?? ""} error={e[`${code}From`]} />
                  <TextField label={fmt(d.vipTo, { slot: name })} name={`${code}To`} inputMode="numeric" defaultValue={slot?.to ?? ""} error={e[`${code}To`]} />
                  <CheckField label={fmt(d.vipOpen, { slot: name })} name={`${code}Open`} defaultChecked={slot?.open ?? false} />
                </fieldset>
              );
            })}
          </div>
        )}
      </SettingsForm>

      <SettingsForm intent="lead" title={d.lead} schema={leadSchema} result={result}>
        {(e) => (
          <div className={grid}>
            <TextField label={d.leadDoor} name="door" inputMode="numeric" defaultValue={s.leadMinutes.door} error={e.door} />
            <TextField label={d.leadPickup} name="pickup" inputMode="numeric" defaultValue={s.leadMinutes.pickup} error={e.pickup} />
          </div>
        )}
      </SettingsForm>

      <SettingsForm intent="weekdays" title={d.weekdays} hint={d.weekdaysHint} schema={weekdaysSchema} result={result}>
        {(e) => (
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {WEEKDAYS.map((day) => (
              <div key={day} className="flex flex-col gap-1 rounded-lg border border-choc-100 p-2">
                <CheckField label={fmt(d.closed, { day: d.weekdayNames[day]! })} name={`closed${day}`} defaultChecked={s.closedWeekdays.includes(day)} error={e[`closed${day}`]} />
                <CheckField label={fmt(d.rest, { day: d.weekdayNames[day]! })} name={`rest${day}`} defaultChecked={s.carrierRestWeekdays.includes(day)} />
              </div>
            ))}
          </div>
        )}
      </SettingsForm>

      <SettingsForm intent="notice" title={d.notice} hint={d.noticeHint} schema={noticeSchema} result={result}>
        {(e) => <TextAreaField label={d.notice} name="notice" defaultValue={s.notice} maxLength={500} error={e.notice} />}
      </SettingsForm>

      <SettingsForm intent="disabledCities" title={d.disabledCities} hint={d.disabledCitiesHint} schema={disabledCitiesSchema} result={result}>
        {(e) => (
          <TextAreaField
            label={d.disabledCities}
            name="disabledCities"
            defaultValue={s.disabledCities.map((c) => `${c.id} ${c.name}`).join("\n")}
            error={e.disabledCities}
          />
        )}
      </SettingsForm>

      <Panel id="delivery-pickup" title={d.pickup}>
        <ul className="flex flex-col gap-3">
          {[...pickupLocations.map((p) => ({ ...p, isNew: false })), { code: "", name: "", displayName: "", details: "", earlyHour: 10, lateHour: 19, active: true, isNew: true }].map((p) => (
            <li key={p.code || "new"}>
              <PickupForm pickup={p} result={result} />
            </li>
          ))}
        </ul>
      </Panel>

      <Panel id="delivery-carriers" title={d.carriers}>
        <ul className="flex flex-col gap-3">
          {[...carriers.map((c) => ({ ...c, isNew: false })), { code: "", name: "", trackingUrl: "", active: true, isNew: true }].map((c) => (
            <li key={c.code || "new"}>
              <CarrierForm carrier={c} result={result} />
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

type Pickup = { code: string; name: string; displayName: string; details: string; earlyHour: number; lateHour: number; active: boolean; isNew: boolean };

function PickupForm({ pickup: p, result }: { pickup: Pickup; result: ActionResult | undefined }) {
  const key = p.isNew ? "pickup-new" : `pickup-${p.code}`;
  const busy = useNavigation().state === "submitting";
  const form = useZodForm(pickupSchema, fieldsOf(result, key));
  const e = form.errors;
  return (
    <Form method="post" onSubmit={form.onSubmit} noValidate className="rounded-lg border border-choc-100 p-3">
      <fieldset className={grid}>
        <legend className="px-1 font-medium">{p.isNew ? d.pickupNew : p.name}</legend>
        <CsrfField />
        <input type="hidden" name="intent" value="pickup" />
        {p.isNew ? (
          <>
            <input type="hidden" name="isNew" value="1" />
            <TextField label={d.pickupCode} name="code" autoComplete="off" required error={e.code} />
          </>
        ) : (
          <input type="hidden" name="code" value={p.code} />
        )}
        <TextField label={d.pickupName} name="name" defaultValue={p.name} required error={e.name} />
        <TextField label={d.pickupDisplayName} name="displayName" defaultValue={p.displayName} required error={e.displayName} />
        <TextField label={d.pickupDetails} name="details" defaultValue={p.details} error={e.details} className="sm:col-span-2" />
        <TextField label={d.earlyHour} name="earlyHour" inputMode="numeric" defaultValue={p.earlyHour} error={e.earlyHour} />
        <TextField label={d.lateHour} name="lateHour" inputMode="numeric" defaultValue={p.lateHour} error={e.lateHour} />
        <div className="self-end pb-2">
          <CheckField label={d.pickupActive} name="active" defaultChecked={p.active} />
        </div>
        <div className="self-end">
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {p.isNew ? t.forms.add : d.saveThis}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}

type Carrier = { code: string; name: string; trackingUrl: string; active: boolean; isNew: boolean };

function CarrierForm({ carrier: c, result }: { carrier: Carrier; result: ActionResult | undefined }) {
  const key = c.isNew ? "carrier-new" : `carrier-${c.code}`;
  const busy = useNavigation().state === "submitting";
  const form = useZodForm(carrierSchema, fieldsOf(result, key));
  const e = form.errors;
  return (
    <Form method="post" onSubmit={form.onSubmit} noValidate className="rounded-lg border border-choc-100 p-3">
      <fieldset className={grid}>
        <legend className="px-1 font-medium">{c.isNew ? d.carrierNew : c.name}</legend>
        <CsrfField />
        <input type="hidden" name="intent" value="carrier" />
        {c.isNew ? (
          <>
            <input type="hidden" name="isNew" value="1" />
            <TextField label={d.carrierCode} name="code" autoComplete="off" required error={e.code} />
          </>
        ) : (
          <input type="hidden" name="code" value={c.code} />
        )}
        <TextField label={d.carrierName} name="name" defaultValue={c.name} required error={e.name} />
        <TextField label={d.trackingUrl} name="trackingUrl" type="url" defaultValue={c.trackingUrl} required error={e.trackingUrl} className="sm:col-span-2" />
        <div className="self-end pb-2">
          <CheckField label={d.carrierActive} name="active" defaultChecked={c.active} />
        </div>
        <div className="self-end">
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {c.isNew ? t.forms.add : d.saveThis}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}
