import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { matchesTr, type CityItem, type CountyItem, type NeighbourhoodItem } from "~/shared/geo";
import { deliveryTr } from "~/shared/texts/delivery.tr";
import { fmt } from "~/shared/texts/tr";

const t = deliveryTr.picker;

export interface GeoValue {
  cityId?: number;
  countyId?: number;
  areaId?: number;
}

export interface GeoPickerProps {
  cities: CityItem[];
  /** Counties of `value.cityId` and neighbourhoods of `value.countyId`, as rendered on the server. */
  counties: CountyItem[];
  neighbourhoods: NeighbourhoodItem[];
  value: GeoValue;
  /** Form field names (default cityId, countyId, areaId). */
  names?: { city: string; county: string; neighbourhood: string };
  errors?: Partial<Record<"cityId" | "countyId" | "areaId", string>>;
  /** The same-day city: its neighbourhood field shows the hint that it is needed for same-day options. */
  sameDayCityId?: number;
  neighbourhoodOptional?: boolean;
  onChange?: (value: GeoValue) => void;
}

interface Option {
  value: number;
  label: string;
  disabled?: boolean;
}

async function getList<T>(url: string, signal: AbortSignal): Promise<T[]> {
  const r = await fetch(url, { signal, headers: { accept: "application/json" } });
  if (!r.ok) throw new Error(String(r.status));
  return ((await r.json()) as { obj: T[] }).obj;
}

/**
 * City → county → neighbourhood picker (SPEC §4): choosing a city clears and reloads the counties,
 * choosing a county clears and reloads the neighbourhoods. Plain labelled selects that work in a GET
 * form without JavaScript; once hydrated each list gets a search box that understands Turkish letters
 * ("kadikoy" and "KADIKÖY" both find "Kadıköy").
 */
export function GeoPicker(props: GeoPickerProps) {
  const names = props.names ?? { city: "cityId", county: "countyId", neighbourhood: "areaId" };
  const [value, setValue] = useState<GeoValue>(props.value);
  const [counties, setCounties] = useState(props.counties);
  const [neighbourhoods, setNeighbourhoods] = useState(props.neighbourhoods);
  const [loading, setLoading] = useState<"county" | "neighbourhood" | null>(null);
  const [failed, setFailed] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => () => abort.current?.abort(), []);

  const update = (v: GeoValue) => {
    setValue(v);
    props.onChange?.(v);
  };

  const load = async <T,>(url: string, level: "county" | "neighbourhood", set: (list: T[]) => void) => {
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setLoading(level);
    setFailed(false);
    try {
      set(await getList<T>(url, ctrl.signal));
    } catch {
      if (!ctrl.signal.aborted) setFailed(true);
    } finally {
      if (!ctrl.signal.aborted) setLoading(null);
    }
  };

  const chooseCity = (cityId: number | undefined) => {
    update({ cityId });
    setCounties([]);
    setNeighbourhoods([]);
    if (cityId) void load<CountyItem>(`/api/geo/cities/${cityId}/counties`, "county", setCounties);
    else abort.current?.abort();
  };
  const chooseCounty = (countyId: number | undefined) => {
    update({ cityId: value.cityId, countyId });
    setNeighbourhoods([]);
    if (countyId) void load<NeighbourhoodItem>(`/api/geo/counties/${countyId}/neighbourhoods`, "neighbourhood", setNeighbourhoods);
    else abort.current?.abort();
  };
  const chooseNeighbourhood = (areaId: number | undefined) => update({ ...value, areaId });

  const cityOptions = useMemo(
    () => props.cities.map((c) => ({ value: c.cityID, label: c.disabled ? fmt(t.disabledCity, { name: c.cityName }) : c.cityName, disabled: c.disabled })),
    [props.cities],
  );
  const countyOptions = useMemo(() => counties.map((c) => ({ value: c.countyID, label: c.countyName })), [counties]);
  const neighOptions = useMemo(() => neighbourhoods.map((n) => ({ value: n.neighborhoodID, label: n.neighborhoodName })), [neighbourhoods]);
  const sameDay = props.sameDayCityId !== undefined && value.cityId === props.sameDayCityId;

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <GeoSelect
        name={names.city}
        label={t.city}
        placeholder={t.chooseCity}
        options={cityOptions}
        value={value.cityId}
        onChange={chooseCity}
        error={props.errors?.cityId}
        searchable={hydrated}
      />
      <GeoSelect
        name={names.county}
        label={t.county}
        placeholder={value.cityId ? (loading === "county" ? t.loading : t.chooseCounty) : t.chooseCityFirst}
        options={countyOptions}
        value={value.countyId}
        onChange={chooseCounty}
        error={props.errors?.countyId}
        busy={loading === "county"}
        searchable={hydrated}
      />
      <GeoSelect
        name={names.neighbourhood}
        label={props.neighbourhoodOptional ? `${t.neighbourhood} ${t.optional}` : t.neighbourhood}
        placeholder={value.countyId ? (loading === "neighbourhood" ? t.loading : t.chooseNeighbourhood) : t.chooseCountyFirst}
        options={neighOptions}
        value={value.areaId}
        onChange={chooseNeighbourhood}
        error={props.errors?.areaId}
        hint={sameDay ? t.neighbourhoodHint : undefined}
        busy={loading === "neighbourhood"}
        searchable={hydrated}
      />
      {failed ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {t.loadFailed}
        </p>
      ) : null}
    </div>
  );
}

function GeoSelect(props: {
  name: string;
  label: string;
  placeholder: string;
  options: Option[];
  value: number | undefined;
  onChange: (v: number | undefined) => void;
  error?: string;
  hint?: string;
  busy?: boolean;
  searchable: boolean;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const { options, value } = props;
  const filtered = useMemo(
    () => (query ? options.filter((o) => o.value === value || matchesTr(o.label, query)) : options),
    [options, query, value],
  );
  const describedBy = [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const empty = options.length === 0;

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault(); // never submits the surrounding form
    const first = filtered.find((o) => !o.disabled && matchesTr(o.label, query));
    if (first) {
      props.onChange(first.value);
      setQuery("");
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-stone-800">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        value={value ?? ""}
        onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : undefined)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        aria-busy={props.busy || undefined}
        disabled={props.searchable && empty}
        className="rounded border border-stone-400 bg-white px-3 py-2 disabled:bg-stone-100 disabled:text-stone-500"
      >
        <option value="">{props.placeholder}</option>
        {filtered.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled} className={o.disabled ? "text-stone-400" : undefined}>
            {o.label}
          </option>
        ))}
      </select>
      {props.searchable && options.length > 7 ? (
        <>
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onSearchKey}
            aria-label={fmt(deliveryTr.picker.search, { label: props.label })}
            aria-controls={id}
            placeholder={deliveryTr.picker.searchPlaceholder}
            autoComplete="off"
            lang="tr"
            className="rounded border border-stone-300 px-3 py-2 text-sm"
          />
          <span className="sr-only" aria-live="polite">
            {query ? (filtered.length ? fmt(deliveryTr.picker.matches, { count: filtered.length }) : deliveryTr.picker.noMatch) : ""}
          </span>
        </>
      ) : null}
      {props.hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
