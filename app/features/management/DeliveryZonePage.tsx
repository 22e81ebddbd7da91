import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/delivery-zone";
import {
  ActionMessage,
  buttonClass,
  CheckField,
  dangerButtonClass,
  fieldsOf,
  Panel,
  SelectField,
  secondaryButtonClass,
  TextField,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { toLiraInput, zoneAreaSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const z = t.zone;

type Data = Route.ComponentProps["loaderData"];
type Area = Data["neighbourhoods"][number];

function PriceFields({ errors, area }: { errors: Record<string, string>; area?: Area["area"] }) {
  return (
    <>
      <TextField label={z.stdPrice} name="stdPrice" inputMode="decimal" defaultValue={toLiraInput(area?.stdPrice)} error={errors.stdPrice} />
      <TextField label={z.vipPrice} name="vipPrice" inputMode="decimal" defaultValue={toLiraInput(area?.vipPrice)} error={errors.vipPrice} />
      <TextField label={z.stdFreeFrom} name="stdFreeFrom" inputMode="decimal" defaultValue={toLiraInput(area?.stdFreeFrom)} error={errors.stdFreeFrom} />
      <TextField label={z.vipFreeFrom} name="vipFreeFrom" inputMode="decimal" defaultValue={toLiraInput(area?.vipFreeFrom)} error={errors.vipFreeFrom} />
    </>
  );
}

const grid = "grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4";

/** The delivery zone screen (route: routes/management/delivery-zone.tsx, /management/delivery/zone). */
export function DeliveryZonePage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { sameDayCity, counties, county, neighbourhoods, cities } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const all = useZodForm(zoneAreaSchema, fieldsOf(result, "zone-county"));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{z.title}</h1>
        <Link to="/management/delivery" className="underline">
          {z.back}
        </Link>
      </div>
      <ActionMessage result={result} />
      <Panel id="zone-county" title={fmt(z.city, { city: sameDayCity })} hint={z.pricesHint}>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <SelectField label={z.county} name="county" defaultValue={county?.id ?? ""}>
            <option value="">{z.chooseCounty}</option>
            {counties.map((c) => (
              <option key={c.id} value={c.id}>
                {fmt(z.coveredCount, { name: c.name, n: c.covered })}
              </option>
            ))}
          </SelectField>
          <button type="submit" className={buttonClass}>
            {z.show}
          </button>
        </Form>
        {county ? null : <p className="mt-3 text-sm">{z.noCounty}</p>}
      </Panel>

      {county ? (
        <>
          <Panel id="zone-all" title={`${county.name}: ${z.countyAll}`} hint={z.countyAllHint}>
            <Form method="post" onSubmit={all.onSubmit} noValidate>
              <CsrfField />
              <input type="hidden" name="intent" value="zone" />
              <input type="hidden" name="countyId" value={county.id} />
              <div className={grid}>
                <PriceFields errors={all.errors} />
              </div>
              <div className="mt-4 flex flex-wrap gap-2">
                <button type="submit" name="covered" value="on" className={buttonClass} {...busyProps(busy)}>
                  {z.coverAll}
                </button>
                <button type="submit" name="covered" value="" className={dangerButtonClass} {...busyProps(busy)}>
                  {z.uncoverAll}
                </button>
              </div>
            </Form>
          </Panel>
          <Panel id="zone-neighbourhoods" title={county.name}>
            <ul className="flex flex-col gap-3">
              {neighbourhoods.map((n) => (
                <li key={n.id}>
                  <AreaForm countyId={county.id} n={n} result={result} busy={busy} />
                </li>
              ))}
            </ul>
          </Panel>
        </>
      ) : null}

      <Panel id="zone-cities" title={z.cities} hint={z.citiesHint}>
        <details>
          <summary className="min-h-11 cursor-pointer py-2 font-medium">{z.cities}</summary>
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {cities.map((c) => (
              <li key={c.id}>
                <Form method="post" className="flex items-end gap-2">
                  <CsrfField />
                  <input type="hidden" name="intent" value="cityDays" />
                  <input type="hidden" name="cityId" value={c.id} />
                  <SelectField label={fmt(z.minDay, { city: c.name })} name="minDay" defaultValue={c.minDay}>
                    {[1, 2, 3, 4, 5, 6, 7].map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </SelectField>
                  <button type="submit" className={secondaryButtonClass} {...busyProps(busy)}>
                    {t.forms.save}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </details>
      </Panel>
    </div>
  );
}

function AreaForm({ countyId, n, result, busy }: { countyId: number; n: Area; result: ActionResult | undefined; busy: boolean }) {
  const form = useZodForm(zoneAreaSchema, fieldsOf(result, `zone-${n.id}`));
  const covered = Boolean(n.area?.active);
  return (
    <Form method="post" onSubmit={form.onSubmit} noValidate className={`rounded-lg border p-3 ${covered ? "border-green-700" : "border-choc-100"}`}>
      <fieldset className={grid}>
        <legend className="px-1 font-medium">{n.name}</legend>
        <CsrfField />
        <input type="hidden" name="intent" value="zone" />
        <input type="hidden" name="countyId" value={countyId} />
        <input type="hidden" name="neighbourhoodId" value={n.id} />
        <PriceFields errors={form.errors} area={n.area} />
        <div className="self-end pb-2">
          <CheckField label={fmt(z.coveredOf, { name: n.name })} name="covered" defaultChecked={covered} />
        </div>
        <div className="self-end">
          <button type="submit" className={secondaryButtonClass} {...busyProps(busy)} aria-label={fmt(z.saveLabel, { name: n.name })}>
            {z.save}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}
