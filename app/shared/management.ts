import { z } from "zod/mini";
import { digitsOnly, fieldErrors, preprocess } from "./zod-mini";
import { DELIVERY_TYPES, ORDER_STATUSES, type OrderStatus } from "./order-status";
import { toKurus } from "./money";
import { deliveryLabel } from "./delivery-label";
import { managementTr } from "./texts/management.tr";

/**
 * The staff area /management (issue 12): who may do what, the sections of its menu and the form schemas shared
 * by the browser and the server. Isomorphic (no server imports); loaded only by management routes.
 */

export const STAFF_ROLES = ["admin", "operations", "marketing"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * What each role may do besides `admin`, who may do everything. Every loader and action of the area names
 * the capability it needs (management service `guard`).
 */
export const CAPABILITIES = {
  /** the area itself: the summary page */
  "area.enter": ["operations", "marketing"],
  "orders.view": ["operations", "marketing"],
  /** status changes, carrier and tracking number, cancel */
  "orders.change": ["operations"],
  "orders.refund": ["operations"],
  "production.view": ["operations"],
  "customers.view": ["operations"],
  /** resend activation, deactivate and reactivate */
  "customers.manage": ["operations"],
  /** KVKK: export and erasure of a customer's personal data */
  "customers.privacy": [],
  "staff.manage": [],
  "audit.view": [],
  /** the catalogue list and product pages */
  "catalog.view": ["operations", "marketing"],
  /** product texts, prices, images, groups, box types, nutrition, active / archived */
  "catalog.edit": ["marketing"],
  /** a product's stock and the workshop storefront (/vitrin) */
  "stock.edit": ["operations"],
  /** the side-menu tiles */
  "menu.edit": ["marketing"],
  /** the texts of the information pages (about, process, responsibility, agreements) */
  "pages.edit": ["marketing"],
  /** promotion codes and their uses */
  "promos.edit": ["marketing"],
  /** a customer's points, corrected with a reason */
  "loyalty.adjust": ["marketing"],
  /** the prize game: periods, prizes, fortune texts, followers, winners and claims */
  "game.edit": ["marketing"],
  /** delivery configuration: prices, thresholds, cutoffs, slots, pickup, closed days, capacity, zone */
  "delivery.edit": ["operations"],
  /** maintenance, header messages, city campaigns */
  "site.edit": ["marketing"],
  /** the contact-form inbox */
  "messages.handle": ["operations", "marketing"],
  /** the sales figures: orders, products, delivery, capacity, cancellations, promo use (docs/decisions/0043) */
  "figures.view": ["operations", "marketing"],
  /** the money in them: revenue with and without KDV, average basket, amounts cancelled and refunded */
  "figures.revenue": [],
  /** mails and SMS that could not be sent: see them, resend them (issue 28) */
  "outbox.resend": ["operations"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Capability = keyof typeof CAPABILITIES;

export function can(role: string, capability: Capability): boolean {
  return role === "admin" || (CAPABILITIES[capability] as readonly string[]).includes(role);
}

export type SectionKey = keyof typeof managementTr.sections;

/**
 * The area's menu, in order. Adding a section: a route module under app/routes/management, its line in
 * app/routes.ts (inside the management block) and one entry here (label in management.tr.ts `sections`).
 */
export const SECTIONS: readonly { key: SectionKey; path: string; capability: Capability }[] = [
  { key: "home", path: "/management", capability: "area.enter" },
  { key: "orders", path: "/management/orders", capability: "orders.view" },
  { key: "production", path: "/management/production", capability: "production.view" },
  { key: "customers", path: "/management/customers", capability: "customers.view" },
  { key: "catalog", path: "/management/catalog", capability: "catalog.view" },
  { key: "menu", path: "/management/menu", capability: "menu.edit" },
  { key: "pages", path: "/management/pages", capability: "pages.edit" },
  { key: "promos", path: "/management/promos", capability: "promos.edit" },
  { key: "game", path: "/management/game", capability: "game.edit" },
  { key: "delivery", path: "/management/delivery", capability: "delivery.edit" },
  { key: "site", path: "/management/site", capability: "site.edit" },
  { key: "messages", path: "/management/messages", capability: "messages.handle" },
  { key: "staff", path: "/management/staff", capability: "staff.manage" },
  { key: "audit", path: "/management/audit", capability: "audit.view" },
  { key: "figures", path: "/management/figures", capability: "figures.view" },
  { key: "outbox", path: "/management/outbox", capability: "outbox.resend" },
];

export const sectionsFor = (role: string) => SECTIONS.filter((s) => can(role, s.capability));

// ─── formatting ─────────────────────────────────────────────────────────────────────────────────

const dateTime = new Intl.DateTimeFormat("tr-TR", {
  timeZone: "Europe/Istanbul",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** '24.11.2026 09:05' in Istanbul time, from an ISO instant. */
export function formatDateTimeTr(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** Staff label of an order status. */
export const statusLabel = (s: string) => (managementTr.status as Record<string, string>)[s] ?? s;
/** A customer account's state as staff read it. */
export function customerState(u: { activated: boolean; disabled: boolean; erasedAt: string | null }): string {
  const c = managementTr.customers;
  if (u.erasedAt) return c.erased;
  if (u.disabled) return c.disabled;
  return u.activated ? c.active : c.notActivated;
}
/** A delivery type's name alone (the orders filter); an order's own label is `deliveryLabel` (VIP courier included). */
export const deliveryTypeLabel = (t: string) => deliveryLabel({ deliveryType: t, deliveryOption: null });

// ─── schemas ────────────────────────────────────────────────────────────────────────────────────

const V = managementTr.validation;
const str = (v: unknown) => (typeof v === "string" ? v.trim() : v === undefined || v === null ? "" : v);
const isoDate = z.iso.date({ error: V.date });
const optionalDate = z.catch(preprocess(str, z.union([z.literal(""), isoDate])), "");

export const ORDERS_PAGE_SIZE = 25;

/** Filters of the order list, read from the query string; a bad value falls back to 'no filter'. */
export const orderFilterSchema = z.object({
  q: z.catch(preprocess(str, z.string().check(z.maxLength(100))), ""),
  status: z.catch(preprocess(str, z.enum(["", ...ORDER_STATUSES])), ""),
  dateOf: z.catch(preprocess(str, z.enum(["placed", "ready"])), "placed"),
  from: optionalDate,
  to: optionalDate,
  deliveryType: z.catch(preprocess(str, z.enum(["", ...DELIVERY_TYPES])), ""),
  city: z.catch(preprocess(str, z.string().check(z.maxLength(60))), ""),
  sameDay: z.catch(
    preprocess((v) => v === "1" || v === "on" || v === true, z.boolean()),
    false,
  ),
  page: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});
export type OrderFilter = z.infer<typeof orderFilterSchema>;

export function parseOrderFilter(params: URLSearchParams): OrderFilter {
  const f = orderFilterSchema.parse(Object.fromEntries(params));
  // a reversed range is read as the same range the other way round
  if (f.from && f.to && f.from > f.to) return { ...f, from: f.to, to: f.from };
  return f;
}

const reason = preprocess(str, z.string().check(z.maxLength(300, V.reasonMax)));
export const TRACKING_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/** A status change of an order (cancel included); the carrier and tracking number are required for 'shipped'. */
export const statusChangeSchema = z
  .object({
    to: z.enum(ORDER_STATUSES, { error: V.status }),
    reason,
    carrier: preprocess(str, z.string().check(z.maxLength(60, V.carrierUnknown))),
    trackingNumber: preprocess((v) => (typeof v === "string" ? v.replace(/\s+/g, "") : ""), z.string().check(z.maxLength(40, V.trackingFormat))),
    /** ticked 'I confirm the cancellation' */
    confirm: preprocess((v) => v === "on" || v === "1" || v === true, z.boolean()),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.to === "shipped") {
        if (!v.carrier) ctx.addIssue({ code: "custom", path: ["carrier"], message: V.carrierRequired });
        if (!v.trackingNumber) ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: V.trackingRequired });
        else if (!TRACKING_PATTERN.test(v.trackingNumber)) ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: V.trackingFormat });
      }
      if (v.to === "cancelled") {
        if (!v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: V.reasonRequired });
        if (!v.confirm) ctx.addIssue({ code: "custom", path: ["confirm"], message: V.confirm });
      }
    }),
  );
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** Correcting the carrier or tracking number of a shipped order. */
export const shipmentSchema = z.object({
  carrier: preprocess(str, z.string().check(z.minLength(1, V.carrierRequired), z.maxLength(60, V.carrierUnknown))),
  trackingNumber: preprocess(
    (v) => (typeof v === "string" ? v.replace(/\s+/g, "") : ""),
    z.string().check(z.minLength(1, V.trackingRequired), z.regex(TRACKING_PATTERN, V.trackingFormat)),
  ),
});

/** A partial refund: an amount in lira as staff type it ('45,50') becomes kuruş. */
export const refundSchema = z.object({
  amount: preprocess(
    (v) => {
      if (typeof v !== "string" || !v.trim()) return Number.NaN;
      try {
        return toKurus(v);
      } catch {
        return Number.NaN;
      }
    },
    z.number({ error: V.amount }).check(z.int({ error: V.amount }), z.positive({ error: V.amountPositive }), z.lte(100_000_000, V.amount)),
  ),
  reason: preprocess(str, z.string().check(z.minLength(1, V.reasonRequired), z.maxLength(300, V.reasonMax))),
});

export const customerSearchSchema = z.object({
  q: z.catch(preprocess(str, z.string().check(z.maxLength(100))), ""),
  page: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});
export const CUSTOMERS_PAGE_SIZE = 25;

export const eraseSchema = z.object({
  reason: preprocess(str, z.string().check(z.minLength(1, V.reasonRequired), z.maxLength(300, V.reasonMax))),
  confirm: preprocess((v) => v === "on" || v === "1" || v === true, z.literal(true, { error: V.confirm })),
});

const email = preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.email({ error: V.email }).check(z.maxLength(254, V.email)));

export const staffAddSchema = z.object({
  email,
  role: z.enum(STAFF_ROLES, { error: V.role }),
  name: preprocess(str, z.union([z.literal(""), z.string().check(z.minLength(2, V.name), z.maxLength(60, V.name))])),
});
export const staffRoleSchema = z.object({
  userId: preprocess(digitsOnly, z.number().check(z.int(), z.positive())),
  role: z.enum(STAFF_ROLES, { error: V.role }),
});
export const staffRemoveSchema = z.object({ userId: preprocess(digitsOnly, z.number().check(z.int(), z.positive())) });

export const productionDaySchema = z.object({ day: z.catch(preprocess(str, z.union([z.literal(""), isoDate])), "") });

export const AUDIT_PAGE_SIZE = 50;

/** First error message per field of a failed parse (for the form's error texts). */
export { fieldErrors };

/** Where an order may go from its status, as staff see it (cancel and refund have their own forms). */
export function staffMoves(moves: readonly OrderStatus[], deliveryType: string): OrderStatus[] {
  return moves.filter((to) => {
    if (to === "cancelled" || to === "refunded") return false;
    // the last step follows the delivery type: shipped by carrier, courier to the door, pickup at the workshop
    if (to === "shipped") return deliveryType === "Carrier";
    if (to === "outfordelivery") return deliveryType === "Delivery";
    if (to === "collected") return deliveryType === "Store" || deliveryType === "Pickup";
    return true;
  });
}
