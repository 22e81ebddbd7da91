import { z } from "zod/mini";
import { digitsOnly, preprocess } from "./zod-mini";
import { foldIdentifier, upperIdentifier } from "./fold";
import { istanbulInstant, istanbulParts } from "./clock";
import { toKurus } from "./money";
import { managementTr } from "./texts/management.tr";

/**
 * Form schemas of the second half of the staff area (issue 12: catalogue and stock, menu, promotions and
 * points, the prize game, delivery settings, site, contact inbox). Each schema checks the form in the browser
 * (useZodForm) and the request on the server. Amounts are typed in lira ('45,50') and come out in kuruş;
 * date-times are typed in Istanbul time ('2026-12-01T09:00') and come out as instants.
 */

const V = managementTr.validation;
const str = (v: unknown) => (typeof v === "string" ? v.trim() : v === undefined || v === null ? "" : v);
const text = (max: number, message: string = fmtMax(max)) => preprocess(str, z.string().check(z.maxLength(max, message)));
const required = (min: number, max: number, message: string) => preprocess(str, z.string().check(z.minLength(min, message), z.maxLength(max, message)));
function fmtMax(max: number) {
  return V.textMax.replace("{max}", String(max));
}
const checkbox = preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean());

function liraToKurus(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v !== "string" || !v.trim()) return Number.NaN;
  try {
    return toKurus(v);
  } catch {
    return Number.NaN;
  }
}
/** A price in lira, above zero. */
const price = preprocess(
  liraToKurus,
  z.number({ error: V.amount }).check(z.int({ error: V.amount }), z.positive({ error: V.amountPositive }), z.lte(100_000_000, V.amount)),
);
/** An amount in lira, zero allowed. */
const amount = preprocess(liraToKurus, z.number({ error: V.amount }).check(z.int({ error: V.amount }), z.gte(0, V.amount), z.lte(100_000_000, V.amount)));
/** An optional amount in lira: empty means none (null). */
const optionalAmount = preprocess(
  (v) => (str(v) === "" ? null : liraToKurus(v)),
  z.union([z.null(), z.number({ error: V.amount }).check(z.int({ error: V.amount }), z.gte(0, V.amount), z.lte(100_000_000, V.amount))], { error: V.amount }),
);
const wholeNumber = (min: number, max: number) =>
  preprocess(
    digitsOnly,
    z.number({ error: V.number }).check(z.int({ error: V.number }), z.gte(min, fmtRange(min, max)), z.lte(max, fmtRange(min, max))),
  );
const optionalWholeNumber = (min: number, max: number) =>
  preprocess(
    (v) => (v === undefined || v === null || v === "" ? null : digitsOnly(v)),
    z.union([z.null(), z.number().check(z.int(fmtRange(min, max)), z.gte(min, fmtRange(min, max)), z.lte(max, fmtRange(min, max)))], {
      error: fmtRange(min, max),
    }),
  );
function fmtRange(min: number, max: number) {
  return V.range.replace("{min}", String(min)).replace("{max}", String(max));
}
/** A decimal typed the Turkish way ('12,5') or the English way ('12.5'). */
const decimal = (min: number, max: number) =>
  preprocess(
    (v) => {
      const s = typeof v === "number" ? String(v) : typeof v === "string" ? v.replace(",", ".") : "";
      return !/^-?[0-9]+(\.[0-9]+)?$/.test(s) ? Number.NaN : Number(s);
    },
    z.number({ error: V.number }).check(z.gte(min, fmtRange(min, max)), z.lte(max, fmtRange(min, max))),
  );

/** Kuruş as staff type lira into a field ('45,50'); null gives an empty field. */
export function toLiraInput(kurus: number | null | undefined): string {
  if (kurus === null || kurus === undefined) return "";
  return (kurus / 100).toFixed(2).replace(".", ",");
}

// ─── dates ──────────────────────────────────────────────────────────────────────────────────────

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** '2026-12-01T09:00' (Istanbul wall clock, a datetime-local field) → the instant; null when malformed. */
export function fromIstanbulLocal(value: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return null;
  const d = istanbulInstant(m[1]!, Number(m[2]), Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The instant as a datetime-local value in Istanbul time ('2026-12-01T09:00'). */
export function toIstanbulLocal(at: Date | string): string {
  const p = istanbulParts(typeof at === "string" ? new Date(at) : at);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const dateTime = preprocess((v) => (typeof v === "string" ? fromIstanbulLocal(v.trim()) : v instanceof Date ? v : null), z.date({ error: V.dateTime }));
const optionalDateTime = preprocess(
  (v) => (str(v) === "" ? null : typeof v === "string" ? fromIstanbulLocal(v.trim()) : v instanceof Date ? v : undefined),
  z.union([z.null(), z.date()], { error: V.dateTime }),
);
const isoDate = preprocess(str, z.iso.date({ error: V.date }));

// ─── lists ──────────────────────────────────────────────────────────────────────────────────────

export const listQuerySchema = z.object({
  q: z.catch(preprocess(str, z.string().check(z.maxLength(100))), ""),
  page: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});
export const idParam = (raw: string | undefined): number | null => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

// ─── catalogue and stock ────────────────────────────────────────────────────────────────────────

export const PRODUCT_KINDS = ["single", "cookie", "gift", "corp"] as const;
export const CATALOG_PAGE_SIZE = 25;
export const catalogFilterSchema = z.extend(listQuerySchema, {
  state: z.catch(preprocess(str, z.enum(["", "active", "archived"])), ""),
  kind: z.catch(preprocess(str, z.enum(["", ...PRODUCT_KINDS])), ""),
});

const NUTRITION_KEYS = ["cal", "fat", "satfat", "carb", "sugar", "pro", "salt"] as const;
export type NutritionKey = (typeof NUTRITION_KEYS)[number];
const NUTRITION_FIELDS = { cal: "nCal", fat: "nFat", satfat: "nSatfat", carb: "nCarb", sugar: "nSugar", pro: "nPro", salt: "nSalt" } as const;
/** The form field of a nutrient ('cal' → 'nCal'). */
export const nutritionField = (k: NutritionKey) => NUTRITION_FIELDS[k];
export { NUTRITION_KEYS };
const nutritionValue = preprocess(
  (v) => {
    const s = String(str(v)).replace(",", ".");
    return s === "" ? null : /^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
  },
  z.union([z.null(), z.number().check(z.gte(0, V.nutrition), z.lte(1000, V.nutrition))], { error: V.nutrition }),
);

/** A product's texts, prices (lira), kind, box type, inside texture, contents, nutrition per 100 g, active. */
export const productSchema = z.pipe(
  z
    .object({
      name: required(2, 120, V.productName),
      desc: text(300),
      longDesc: text(4000),
      packageContent: text(200),
      itemPrice: price,
      originalPrice: price,
      group: preprocess(str, z.enum(PRODUCT_KINDS, { error: V.choose })),
      defaultBox: preprocess(str, z.string().check(z.maxLength(40, V.choose))),
      innerTexture: optionalWholeNumber(1, 3),
      weightG: optionalWholeNumber(1, 10_000),
      contains: text(2000),
      allergens: text(2000),
      care: text(2000),
      heating: text(2000),
      nCal: nutritionValue,
      nFat: nutritionValue,
      nSatfat: nutritionValue,
      nCarb: nutritionValue,
      nSugar: nutritionValue,
      nPro: nutritionValue,
      nSalt: nutritionValue,
      active: checkbox,
    })
    .check(
      z.superRefine((v, ctx) => {
        if (Number.isInteger(v.itemPrice) && Number.isInteger(v.originalPrice) && v.itemPrice > v.originalPrice) {
          ctx.addIssue({ code: "custom", path: ["itemPrice"], message: V.priceAboveOriginal });
        }
        const values = NUTRITION_KEYS.map((k) => v[nutritionField(k)]);
        if (values.some((x) => x !== null) && values.some((x) => x === null)) {
          for (const k of NUTRITION_KEYS)
            if (v[nutritionField(k)] === null) ctx.addIssue({ code: "custom", path: [nutritionField(k)], message: V.nutritionAll });
        }
      }),
    ),
  z.transform((v) => {
    const values = NUTRITION_KEYS.map((k) => v[nutritionField(k)]);
    const nutrition = values.every((x) => typeof x === "number")
      ? (Object.fromEntries(NUTRITION_KEYS.map((k, i) => [k, values[i]!])) as Record<NutritionKey, number>)
      : null;
    return {
      name: v.name,
      desc: v.desc,
      longDesc: v.longDesc,
      packageContent: v.packageContent,
      itemPrice: v.itemPrice,
      originalPrice: v.originalPrice,
      group: v.group,
      defaultBox: v.defaultBox || null,
      innerTexture: v.innerTexture,
      weightG: v.weightG,
      contains: v.contains,
      allergens: v.allergens,
      care: v.care,
      heating: v.heating,
      nutrition,
      active: v.active,
    };
  }),
);
export type ProductInput = z.output<typeof productSchema>;

/**
 * A new product: its name, kind and price. It is made off sale (no picture of its own yet); the rest — texts,
 * pictures, lists, stock — is filled in on its page, where it is also put on sale.
 */
export const newProductSchema = z.object({
  name: required(2, 120, V.productName),
  group: preprocess(str, z.enum(PRODUCT_KINDS, { error: V.choose })),
  itemPrice: price,
});
export type NewProductInput = z.output<typeof newProductSchema>;

/** Stock of a product: empty means made to order without a limit. */
export const stockSchema = z.object({ stock: optionalWholeNumber(0, 1_000_000) });

/** The product's place in the workshop storefront (/vitrin): 0 takes it out. */
export const storefrontSchema = z.object({
  stock: wholeNumber(0, 10_000),
  producedOn: isoDate,
  note: text(200),
});

export const IMAGE_SLOTS = ["main", "One", "Two", "Three"] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
/** Accepted uploads: raster images only (an SVG can carry scripts), at most this many bytes. */
export const IMAGE_MAX_BYTES = 1_000_000;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const imageSlotSchema = z.object({ slot: preprocess(str, z.enum(IMAGE_SLOTS, { error: V.choose })) });

// ─── menu tiles ─────────────────────────────────────────────────────────────────────────────────

export const MENU_SIZES = ["small", "big", "info", "full"] as const;
const colour = preprocess(str, z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, V.colour)));
export const menuTileSchema = z.object({
  pageId: wholeNumber(1, 999),
  name: required(1, 60, V.tileName),
  header: text(80),
  subHeader: text(120),
  description: text(300),
  /** A path of this site ('/home/gift'); empty: the tile opens its sub-menu. */
  link: preprocess(str, z.union([z.literal(""), z.string().check(z.maxLength(200, V.link), z.regex(/^\/[A-Za-z0-9\-_/]*$/, V.link))])),
  size: preprocess(str, z.enum(MENU_SIZES, { error: V.choose })),
  position: wholeNumber(0, 999),
  bgColour: colour,
  textColour: colour,
  active: checkbox,
});
export type MenuTileInput = z.output<typeof menuTileSchema>;

// ─── promotions and points ──────────────────────────────────────────────────────────────────────

export const PROMO_AUDIENCES = ["all", "members", "guests"] as const;
export const PROMOS_PAGE_SIZE = 25;
export const PROMO_CODE = /^[A-Z0-9ÇĞÖŞÜ-]{3,30}$/;
/** A promo code as stored and compared: an identifier in capitals, no spaces ('hoşgeldin 10' → 'HOŞGELDIN10'; I, İ, ı, i alike). */
export const normalizePromoCode = (raw: string) => upperIdentifier(raw.trim()).replace(/\s+/g, "");

export const promoSchema = z.pipe(
  z
    .object({
      code: preprocess((v) => normalizePromoCode(String(v ?? "")), z.string().check(z.regex(PROMO_CODE, V.promoCode))),
      description: text(200),
      kind: preprocess(str, z.enum(["percent", "fixed"], { error: V.choose })),
      /** percent kind: '10' or '12,5' (%) */
      percent: preprocess(str, z.string()),
      /** fixed kind: lira */
      amount: optionalAmount,
      maxDiscount: optionalAmount,
      minBasket: optionalAmount,
      startsAt: optionalDateTime,
      endsAt: optionalDateTime,
      maxUses: optionalWholeNumber(1, 1_000_000),
      perCustomer: optionalWholeNumber(1, 1000),
      audience: preprocess(str, z.enum(PROMO_AUDIENCES, { error: V.choose })),
      active: checkbox,
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.kind === "percent") {
          const p = Number(v.percent.replace(",", "."));
          if (!/^\d+([.,]\d{1,2})?$/.test(v.percent) || !(p > 0 && p <= 100)) ctx.addIssue({ code: "custom", path: ["percent"], message: V.percent });
        } else if (!v.amount) ctx.addIssue({ code: "custom", path: ["amount"], message: V.amountPositive });
        if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: V.endAfterStart });
      }),
    ),
  z.transform((v) => ({
    code: v.code,
    description: v.description,
    kind: v.kind,
    percentBp: v.kind === "percent" ? Math.round(Number(v.percent.replace(",", ".")) * 100) : null,
    amount: v.kind === "fixed" ? v.amount : null,
    maxDiscount: v.kind === "percent" ? v.maxDiscount : null,
    minBasket: v.minBasket ?? 0,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    maxUses: v.maxUses,
    perCustomer: v.perCustomer,
    audience: v.audience,
    active: v.active,
  })),
);
export type PromoFormInput = z.output<typeof promoSchema>;

export const promoActiveSchema = z.object({ active: checkbox });

/** A correction of a customer's points (1 point = 1 kuruş), typed in lira, '-' to take points away. */
const signedAmount = preprocess(
  liraToKurus,
  z.number({ error: V.amount }).check(
    z.int({ error: V.amount }),
    z.gte(-100_000_000, V.amount),
    z.lte(100_000_000, V.amount),
    z.refine((n) => n !== 0, V.pointsNotZero),
  ),
);
export const pointsSchema = z.object({
  amount: signedAmount,
  reason: required(3, 300, V.reasonLength),
});
export const pointsByEmailSchema = z.extend(pointsSchema, {
  email: preprocess((v) => (typeof v === "string" ? foldIdentifier(v.trim()) : ""), z.email({ error: V.email }).check(z.maxLength(254, V.email))),
});

// ─── the prize game ─────────────────────────────────────────────────────────────────────────────

export const gamePeriodSchema = z.pipe(
  z
    .object({
      startsAt: dateTime,
      endsAt: dateTime,
      prizeCount: wholeNumber(0, 1000),
      reserveCount: wholeNumber(0, 1000),
      /** one prize text per line, for main places 1, 2, 3…; places beyond the list get the last one */
      prizes: preprocess(
        (v) =>
          String(v ?? "")
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter(Boolean),
        z.array(z.string().check(z.maxLength(300, V.prizeLine))).check(z.minLength(1, V.prizes), z.maxLength(1000, V.prizes)),
      ),
      /** chance of one entry in %, e.g. '15' or '2,5' */
      chance: decimal(0, 100),
      followerChances: wholeNumber(1, 20),
      info: text(2000),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.startsAt instanceof Date && v.endsAt instanceof Date && v.endsAt <= v.startsAt)
          ctx.addIssue({ code: "custom", path: ["endsAt"], message: V.endAfterStart });
      }),
    ),
  z.transform((v) => ({
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    prizeCount: v.prizeCount,
    reserveCount: v.reserveCount,
    prizes: v.prizes,
    winChanceBp: Math.round(v.chance * 100),
    followerChances: v.followerChances,
    info: v.info,
  })),
);

export const fortuneTextSchema = z.object({ text: required(3, 500, V.fortuneText) });
export const followerSchema = z.object({
  nick: preprocess(
    (v) => (typeof v === "string" ? v.replace(/@/g, "").replace(/\s+/g, " ").trim() : ""),
    z.string().check(z.minLength(1, V.nick), z.maxLength(50, V.nick)),
  ),
  follower: checkbox,
});
export const prizeCodeSchema = z.object({
  code: preprocess((v) => (typeof v === "string" ? upperIdentifier(v.trim()) : ""), z.string().check(z.regex(/^[A-Z0-9]{4,16}$/, V.prizeCode))),
});
export const claimSchema = z.extend(prizeCodeSchema, {
  nick: preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().check(z.minLength(1, V.nick), z.maxLength(50, V.nick))),
});

// ─── delivery settings ──────────────────────────────────────────────────────────────────────────

const hhmm = preprocess(str, z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, V.time)));
const hour = wholeNumber(0, 24);
const carrierDays = optionalWholeNumber(0, 30);
export const SHIPPING_TYPES = ["standart", "express", "other", "special"] as const;
export const VIP_SLOTS = ["morning", "afternoon", "evening", "night"] as const;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

export const shippingSchema = z.object({
  standartPrice: amount,
  standartDays: carrierDays,
  expressPrice: amount,
  expressDays: carrierDays,
  otherPrice: amount,
  otherDays: carrierDays,
  specialPrice: amount,
  specialDays: carrierDays,
});
export const thresholdsSchema = z
  .object({ freeFrom: amount, reasonableFrom: amount, reasonableCost: amount })
  .check(z.refine((v) => v.reasonableFrom <= v.freeFrom, { path: ["reasonableFrom"], message: V.reasonableBelowFree }));
export const cutoffsSchema = z.object({ shippingSameDay: hhmm, courierSameDay: hhmm, pickupSameDay: hhmm });
const slotHours = (prefix: string) => ({ [`${prefix}From`]: hour, [`${prefix}To`]: hour });
export const DOOR_SLOT_MAX = 6;
/** Door-delivery slots: up to six from–to hour pairs; an empty row is left out. */
export const doorSlotsSchema = z.pipe(
  z
    .object(
      Object.fromEntries(
        Array.from({ length: DOOR_SLOT_MAX }, (_, i) => [
          [`slot${i}From`, optionalWholeNumber(0, 24)],
          [`slot${i}To`, optionalWholeNumber(0, 24)],
        ]).flat(),
      ) as Record<string, ReturnType<typeof optionalWholeNumber>>,
    )
    .check(
      z.superRefine((v, ctx) => {
        let any = false;
        for (let i = 0; i < DOOR_SLOT_MAX; i++) {
          const from = v[`slot${i}From`] as number | null;
          const to = v[`slot${i}To`] as number | null;
          if (from === null && to === null) continue;
          any = true;
          if (from === null || to === null || to <= from) ctx.addIssue({ code: "custom", path: [`slot${i}To`], message: V.slotHours });
        }
        if (!any) ctx.addIssue({ code: "custom", path: ["slot0From"], message: V.slotRequired });
      }),
    ),
  z.transform((v) => {
    const slots: { code: string; from: number; to: number }[] = [];
    for (let i = 0; i < DOOR_SLOT_MAX; i++) {
      const from = v[`slot${i}From`] as number | null;
      const to = v[`slot${i}To`] as number | null;
      if (from !== null && to !== null) slots.push({ code: `${from}-${to}`, from, to });
    }
    return slots.sort((a, b) => a.from - b.from);
  }),
);
export const vipSlotsSchema = z.pipe(
  z
    .object({
      ...Object.fromEntries(VIP_SLOTS.map((c) => [`${c}Open`, checkbox])),
      ...slotHours("morning"),
      ...slotHours("afternoon"),
      ...slotHours("evening"),
      ...slotHours("night"),
    } as Record<string, z.ZodMiniType>)
    .check(
      z.superRefine((v, ctx) => {
        for (const c of VIP_SLOTS)
          if ((v[`${c}To`] as number) <= (v[`${c}From`] as number)) ctx.addIssue({ code: "custom", path: [`${c}To`], message: V.slotHours });
      }),
    ),
  z.transform((v) => VIP_SLOTS.map((code) => ({ code, from: v[`${code}From`] as number, to: v[`${code}To`] as number, open: v[`${code}Open`] as boolean }))),
);
export const leadSchema = z.object({ door: wholeNumber(0, 720), pickup: wholeNumber(0, 720) });
export const generalSchema = z.object({
  /** the one city with same-day door delivery (plate code) */
  sameDayCityId: wholeNumber(1, 81),
  capacityPerDay: wholeNumber(0, 100_000),
  horizonDays: wholeNumber(1, 366),
  defaultMinDay: wholeNumber(1, 30),
});
/** Entries shown greyed in city lists and never selectable: one per line, 'plate name' ('83 Yurt Dışı'). */
export const disabledCitiesSchema = z.object({
  disabledCities: preprocess(
    (v) =>
      String(v ?? "")
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .map((l) => {
          const m = /^(\d{1,3})\s+(.{1,60})$/.exec(l);
          return m ? { id: Number(m[1]), name: m[2]!.trim() } : null;
        }),
    z
      .array(
        z.object(
          {
            id: z.number().check(z.int(V.disabledCities), z.gte(1, V.disabledCities), z.lte(999, V.disabledCities)),
            name: z.string().check(z.minLength(1, V.disabledCities)),
          },
          { error: V.disabledCities },
        ),
        {
          error: V.disabledCities,
        },
      )
      .check(z.maxLength(50, V.disabledCities)),
  ),
});
export const noticeSchema = z.object({ notice: text(500) });
/** Closed weekdays (no production) and carrier rest days: one checkbox per weekday, `closed0` … `closed6`. */
export const weekdaysSchema = z.pipe(
  z
    .object(
      Object.fromEntries(
        WEEKDAYS.flatMap((d) => [
          [`closed${d}`, checkbox],
          [`rest${d}`, checkbox],
        ]),
      ) as Record<string, typeof checkbox>,
    )
    .check(z.refine((v) => WEEKDAYS.some((d) => !v[`closed${d}`]), { path: ["closed1"], message: V.allClosed })),
  z.transform((v) => ({
    closedWeekdays: WEEKDAYS.filter((d) => v[`closed${d}`]).sort(),
    carrierRestWeekdays: WEEKDAYS.filter((d) => v[`rest${d}`]).sort(),
  })),
);

export const pickupSchema = z
  .object({
    code: preprocess(str, z.string().check(z.regex(/^[a-z0-9-]{2,30}$/, V.code))),
    name: required(2, 80, V.name80),
    displayName: required(2, 80, V.name80),
    details: text(300),
    earlyHour: hour,
    lateHour: hour,
    active: checkbox,
  })
  .check(z.refine((v) => v.lateHour >= v.earlyHour, { path: ["lateHour"], message: V.slotHours }));
export const carrierSchema = z.object({
  code: preprocess(str, z.string().check(z.regex(/^[a-z0-9-]{2,30}$/, V.code))),
  name: required(2, 80, V.name80),
  trackingUrl: preprocess(
    str,
    z.url({ protocol: /^https$/, error: V.trackingUrl }).check(
      z.maxLength(300, V.trackingUrl),
      z.refine((u) => u.includes("{tracking}"), V.trackingUrl),
    ),
  ),
  active: checkbox,
});

export const closedDaySchema = z.object({ day: isoDate, reason: text(100) });
export const closedDayRemoveSchema = z.object({ day: isoDate });
export const zoneQuerySchema = z.object({ county: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 0) });
/** A covered neighbourhood (or, with `all`, every neighbourhood of the county) and its prices. */
export const zoneAreaSchema = z.object({
  neighbourhoodId: optionalWholeNumber(1, 100_000_000),
  countyId: wholeNumber(1, 100_000_000),
  covered: checkbox,
  stdPrice: optionalAmount,
  vipPrice: optionalAmount,
  stdFreeFrom: optionalAmount,
  vipFreeFrom: optionalAmount,
});
export const cityDaysSchema = z.object({ cityId: wholeNumber(1, 99), minDay: wholeNumber(1, 30) });

// ─── site ───────────────────────────────────────────────────────────────────────────────────────

export const maintenanceSchema = z.object({ maintenance: checkbox, note: text(5000) });
export const siteMessagesSchema = z.object({ top: text(300), bottom: text(300) });
export const campaignSchema = z.object({
  hedef81Active: checkbox,
  introProductId: wholeNumber(1, 999_999_999),
  /** plate codes, separated by commas or spaces ('34, 6 35') */
  freeCityIds: preprocess(
    (v) =>
      String(v ?? "")
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((x) => (/^\d{1,2}$/.test(x) ? Number(x) : Number.NaN)),
    z.array(z.number({ error: V.cityIds }).check(z.int(V.cityIds), z.gte(1, V.cityIds), z.lte(99, V.cityIds))).check(z.maxLength(99, V.cityIds)),
  ),
});
export const hedef81CitySchema = z.object({ cityId: wholeNumber(1, 99) });

// ─── contact inbox ──────────────────────────────────────────────────────────────────────────────

export const MESSAGE_STATES = ["new", "read", "answered"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGES_PAGE_SIZE = 25;
export const messageFilterSchema = z.extend(listQuerySchema, { state: z.catch(preprocess(str, z.enum(["", ...MESSAGE_STATES])), "") });
export const messageStateSchema = z.object({ state: preprocess(str, z.enum(MESSAGE_STATES, { error: V.choose })) });
