import { z } from "zod/mini";
import { fieldErrors as firstByField, preprocess, type Issues } from "./zod-mini";
import { deliveryTr } from "./texts/delivery.tr";
import { foldTurkish } from "./fold";

/** Search key for Turkish names: lower-cased the Turkish way, with the dotted/dotless and accented letters folded. */
export function foldTr(text: string): string {
  return foldTurkish(text)
    .replace(/ı/g, "i")
    .replace(/ş/g, "s")
    .replace(/ğ/g, "g")
    .replace(/ü/g, "u")
    .replace(/ö/g, "o")
    .replace(/ç/g, "c")
    .replace(/[âà]/g, "a")
    .replace(/î/g, "i")
    .replace(/û/g, "u")
    .trim();
}

/** True when the folded query occurs in the folded name ("kadikoy" finds "Kadıköy"). */
export function matchesTr(name: string, query: string): boolean {
  const q = foldTr(query);
  if (!q) return true;
  return foldTr(name).includes(q);
}

const emptyToUndefined = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : v);
const optionalId = preprocess(emptyToUndefined, z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(99_999_999))));
const optionalDate = preprocess(emptyToUndefined, z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))));

/** Query of the delivery-options call (SPEC §7: date, cityId, countyId, areaId). */
export const optionsQuerySchema = z.object({
  date: optionalDate,
  cityId: optionalId,
  countyId: optionalId,
  areaId: optionalId,
});

/** A required place id: one message for missing and malformed alike. */
const requiredId = (message: string) => preprocess(emptyToUndefined, z.coerce.number({ error: message }).check(z.int(message), z.positive(message)));

/** The shipping-cost calculator (SPEC §5): city and county required, neighbourhood optional. */
export const calculatorSchema = z.object({
  cityId: requiredId(deliveryTr.calculator.cityRequired),
  countyId: requiredId(deliveryTr.calculator.countyRequired),
  areaId: optionalId,
});

export type CalculatorInput = z.infer<typeof calculatorSchema>;

/** Field → first message, for showing next to each field. */
export const fieldErrors = (error: Issues) => firstByField(error, "");

/** Lists exchanged with the browser (SPEC §3 Lists). */
export interface CityItem {
  cityID: number;
  cityName: string;
  minDay: number;
  colour: "green" | "yellow" | "red";
  disabled: boolean;
}
export interface CountyItem {
  countyID: number;
  countyName: string;
}
export interface NeighbourhoodItem {
  neighborhoodID: number;
  neighborhoodName: string;
  postalCode: string;
}
