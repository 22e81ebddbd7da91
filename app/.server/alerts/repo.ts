/** Alerts' SQL: the reads of the orders table behind the staff's live alerts, and the alert mail's dedupe key. */
import { desc, gt, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { orders as ordersTable } from "../db/schema/orders";

/** What an alert is written from: an order's number, amount, delivery and times. */
export interface AlertOrderRow {
  id: number;
  orderNumber: string;
  needToPay: number;
  deliveryType: string;
  deliveryOption: string | null;
  readyDate: string;
  createdAt: Date;
}

/** The highest order id (0: no orders yet); undefined only when the database answers no row. */
export async function latestOrderId(db: DbOrTx): Promise<number | undefined> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${ordersTable.id}), 0)::int` }).from(ordersTable);
  return row?.id;
}

/** The `limit` newest orders after order id `after`, newest first. */
export function ordersAfter(db: DbOrTx, after: number, limit: number): Promise<AlertOrderRow[]> {
  return db
    .select({
      id: ordersTable.id,
      orderNumber: ordersTable.orderNumber,
      needToPay: ordersTable.needToPay,
      deliveryType: ordersTable.deliveryType,
      deliveryOption: ordersTable.deliveryOption,
      readyDate: ordersTable.readyDate,
      createdAt: ordersTable.createdAt,
    })
    .from(ordersTable)
    .where(gt(ordersTable.id, after))
    .orderBy(desc(ordersTable.id))
    .limit(limit);
}

/** The alert mail's dedupe key in the order's own statement (one per order), from the order's id as SQL. */
export const alertDedupeKey = (orderId: SQL): SQL => sql`'staff-alert:' || ${orderId}`;
