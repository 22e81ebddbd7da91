import { date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Placed orders. Amounts in kuruş, copied from the basket at the moment of placing (prices and tax rates as
 * they were), so invoices and refunds never depend on today's catalogue.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** Unguessable id used in links (print pages, notes, completion page). */
    publicId: text("public_id").notNull().unique(),
    /** Human number, sequential per year: 2026-000123. */
    orderNumber: text("order_number").notNull().unique(),
    userId: integer("user_id"),
    email: text("email").notNull(),
    status: text("status").notNull().default("received"),
    deliveryType: text("delivery_type").notNull(),
    deliveryDetails: text("delivery_details").notNull().default(""),
    /** The delivery option the buyer chose (SPEC §4 codes, e.g. DeliveryEvening for VIP courier); null on orders placed before it was kept. */
    deliveryOption: text("delivery_option"),
    readyDate: date("ready_date").notNull(),
    estimatedDelivery: date("estimated_delivery"),
    /** Pickup (Store): the place's code, and its name and address as the buyer saw them at checkout. */
    pickupLocation: text("pickup_location"),
    pickupPlace: text("pickup_place"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** addressObj of SPEC §3, as entered (delivery and billing). */
    address: jsonb("address").notNull(),
    giftNote: text("gift_note").notNull().default(""),
    mediaLink: text("media_link").notNull().default(""),
    promoCode: text("promo_code"),
    productTotal: integer("product_total").notNull(),
    deliveryCost: integer("delivery_cost").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    usedBonus: integer("used_bonus").notNull().default(0),
    needToPay: integer("need_to_pay").notNull(),
    /** Installments (issue 27): the count the card was charged in, the bank's interest on top of needToPay, and what the card paid. */
    installmentCount: integer("installment_count").notNull().default(1),
    installmentInterest: integer("installment_interest").notNull().default(0),
    paidTotal: integer("paid_total").notNull(),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /**
     * The invoice's net total (needToPay without KDV), computed at placing with the invoice rule; its split per
     * rate is in order_taxes. Null for orders placed before issue 28 until the sales figures fill it in.
     */
    netTotal: integer("net_total"),
    /** Tax configuration at placing time: { productRates, deliveryRateBp }. */
    taxSnapshot: jsonb("tax_snapshot").notNull(),
    /** The pre-information form and distance-sales contract as accepted. */
    contracts: jsonb("contracts"),
    /** Basket this order was placed from: one order per basket (idempotent placing). */
    basketId: integer("basket_id"),
    paymentRef: text("payment_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.readyDate),
    // production capacity: orders per ready date, counted for every delivery-options answer and every placement
    index("orders_ready_date_idx").on(t.readyDate),
    // the sales figures (issue 28): orders placed in a period
    index("orders_created_at_idx").on(t.createdAt),
    uniqueIndex("orders_basket_uq").on(t.basketId),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    variant: text("variant").notNull().default(""),
    boxType: text("box_type"),
    name: text("name").notNull(),
    packageContent: text("package_content").notNull().default(""),
    thumbName: text("thumb_name"),
    quantity: integer("quantity").notNull(),
    /** VAT-inclusive unit price in kuruş at placing time. */
    unitPrice: integer("unit_price").notNull(),
    originalPrice: integer("original_price").notNull(),
    /** VAT rate in basis points (1% = 100). */
    taxRateBp: integer("tax_rate_bp").notNull(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId), index("order_lines_product_idx").on(t.productId)],
);

/**
 * What an order's invoice charges per KDV rate (issue 28): net and tax in kuruş, from `computeInvoice` at placing
 * (the same rule as the printed invoice), so the sales figures add them up in SQL.
 */
export const orderTaxes = pgTable(
  "order_taxes",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    rateBp: integer("rate_bp").notNull(),
    net: integer("net").notNull(),
    tax: integer("tax").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.rateBp] })],
);

/** Every status change: who, when, why. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actor: text("actor").notNull(),
    reason: text("reason").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId)],
);

/** Last order number per year; locked while a number is taken. */
export const orderCounters = pgTable("order_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * Internal notes on an order (issue 28 §1): staff only, never read by customer pages, mails or the guest link.
 * Append-only; each note is also an audit entry. Removed with the order's personal data on a KVKK erasure.
 */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.at)],
);
