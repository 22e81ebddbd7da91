import { z } from "zod";
import type { IsoDate } from "~/shared/clock";
import type { Kurus } from "~/shared/money";

/**
 * Delivery configuration: the scalar settings (zod-validated JSON rows of `delivery_settings`, each
 * key optional, falling back to the defaults below) plus the lists kept in their own tables.
 * `DeliveryConfig` is what the pure rules in rules.ts take.
 */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM");
const kurus = z.number().int().min(0);
const hour = z.number().int().min(0).max(24);

const shippingType = z.object({
  price: kurus,
  /** Carrier days after dispatch; null: the city's MinDay. */
  days: z.number().int().min(0).max(30).nullable(),
});

export const VIP_SLOT_CODES = ["morning", "afternoon", "evening", "night"] as const;
export type VipSlotCode = (typeof VIP_SLOT_CODES)[number];

export const settingsSchema = z.object({
  /** The one city with same-day door delivery (plate code; default İstanbul). */
  sameDayCityId: z.number().int().default(34),
  shipping: z
    .object({ standart: shippingType, express: shippingType, other: shippingType, special: shippingType })
    .default({
      standart: { price: 9_000, days: null },
      express: { price: 15_000, days: 1 },
      other: { price: 9_000, days: null },
      special: { price: 25_000, days: 1 },
    }),
  /** Standard shipping costs `reasonableCost` from `reasonableFrom` and nothing from `freeFrom`. */
  thresholds: z
    .object({ freeFrom: kurus, reasonableFrom: kurus, reasonableCost: kurus })
    .default({ freeFrom: 150_000, reasonableFrom: 75_000, reasonableCost: 500 }),
  cutoffs: z
    .object({ shippingSameDay: hhmm, courierSameDay: hhmm, pickupSameDay: hhmm })
    .default({ shippingSameDay: "15:00", courierSameDay: "11:00", pickupSameDay: "15:00" }),
  doorSlots: z
    .array(z.object({ code: z.string().min(1), from: hour, to: hour }))
    .min(1)
    .default([
      { code: "10-12", from: 10, to: 12 },
      { code: "14-16", from: 14, to: 16 },
      { code: "16-18", from: 16, to: 18 },
      { code: "18-20", from: 18, to: 20 },
    ]),
  vipSlots: z
    .array(z.object({ code: z.enum(VIP_SLOT_CODES), from: hour, to: hour, open: z.boolean() }))
    .default([
      { code: "morning", from: 9, to: 12, open: true },
      { code: "afternoon", from: 12, to: 16, open: true },
      { code: "evening", from: 16, to: 20, open: true },
      { code: "night", from: 20, to: 23, open: false },
    ]),
  /** A same-day door slot or pickup hour must start at least this long after the order. */
  leadMinutes: z.object({ door: z.number().int().min(0), pickup: z.number().int().min(0) }).default({ door: 120, pickup: 120 }),
  /** Weekdays without production (0 = Sunday … 6 = Saturday). */
  closedWeekdays: z.array(z.number().int().min(0).max(6)).default([0]),
  /** Weekdays on which carriers do not deliver. */
  carrierRestWeekdays: z.array(z.number().int().min(0).max(6)).default([0]),
  /** Orders one production day takes; 0 = unlimited. */
  capacityPerDay: z.number().int().min(0).default(200),
  /** How many days ahead an advance-dated order may be placed. */
  horizonDays: z.number().int().min(1).max(366).default(30),
  /** MinDay of a city without its own row. */
  defaultMinDay: z.number().int().min(1).default(3),
  /** Entries shown greyed in city lists and never selectable (SPEC: city 83). */
  disabledCities: z.array(z.object({ id: z.number().int(), name: z.string().min(1) })).default([{ id: 83, name: "Yurt Dışı" }]),
  /** Staff notice shown with the delivery options (SPEC doNotShowMsg); empty: none. */
  notice: z.string().max(500).default(""),
});

export type DeliverySettings = z.infer<typeof settingsSchema>;
export const SETTING_KEYS = Object.keys(settingsSchema.shape) as (keyof DeliverySettings)[];

export interface Carrier {
  code: string;
  name: string;
  trackingUrl: string;
}

export interface PickupLocation {
  code: string;
  name: string;
  displayName: string;
  details: string;
  earlyHour: number;
  lateHour: number;
}

export interface ZoneArea {
  neighbourhoodId: number;
  countyId: number;
  stdPrice: Kurus | null;
  vipPrice: Kurus | null;
  stdFreeFrom: Kurus | null;
  vipFreeFrom: Kurus | null;
}

export interface DeliveryConfig extends DeliverySettings {
  carriers: Carrier[];
  pickupLocations: PickupLocation[];
  /** Holidays and closures: date → reason. */
  closedDays: Map<IsoDate, string>;
  cityMinDays: Map<number, number>;
  /** Covered neighbourhoods of the same-day city by neighbourhood id. */
  zone: Map<number, ZoneArea>;
  /** Counties that have at least one covered neighbourhood. */
  zoneCounties: Set<number>;
}

export function buildConfig(parts: {
  settings: Record<string, unknown>;
  carriers: Carrier[];
  pickupLocations: PickupLocation[];
  closedDays: { day: IsoDate; reason: string }[];
  cityMinDays: { cityId: number; minDay: number }[];
  zone: ZoneArea[];
}): DeliveryConfig {
  const settings = settingsSchema.parse(parts.settings);
  return {
    ...settings,
    carriers: parts.carriers,
    pickupLocations: parts.pickupLocations,
    closedDays: new Map(parts.closedDays.map((d) => [d.day, d.reason])),
    cityMinDays: new Map(parts.cityMinDays.map((c) => [c.cityId, c.minDay])),
    zone: new Map(parts.zone.map((z) => [z.neighbourhoodId, z])),
    zoneCounties: new Set(parts.zone.map((z) => z.countyId)),
  };
}

export function toMinutes(t: string): number {
  const [h, m] = t.split(":").map(Number) as [number, number];
  return h * 60 + m;
}
