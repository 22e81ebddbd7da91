import { deliveryLabel } from "~/shared/delivery-label";
import type { AppContext } from "../context";
import type { DbOrTx, Rider } from "../db/client";
import * as delivery from "../delivery/service";
import type { DeliveryConfig } from "../delivery/service";
import { mailHole, queueMailRider, type MailToQueue } from "../mail/service";
import type { OrderMade, OrderToBe } from "../orders/service";
import { formatDayTr, istanbulDate, istanbulParts } from "~/shared/clock";
import { detailsText } from "~/shared/delivery-choice";
import { formatAmount } from "~/shared/money";
import { fmt } from "~/shared/texts/tr";
import { messagingTr } from "~/shared/texts/messaging.tr";
import * as repo from "./repo";

/**
 * Staff alerts for new orders (issue 28 §2). Every order raises one; a same-day order placed within
 * CLOSE_TO_CUTOFF_MINUTES of its delivery type's same-day cutoff is flagged urgent (the workshop has to start it
 * now). Two ways out, neither able to hold up the order:
 * - mail to STAFF_ALERT_EMAIL, queued in the order's own statement (the outbox: sent by the worker, retried,
 *   shown under failed messages if it cannot be sent);
 * - the staff area's live alert: every open staff page asks `since()` every few seconds for orders newer than
 *   the last it saw (a read of the orders table by primary key, so it works with any number of processes and
 *   survives restarts; docs/decisions/0031-staff-alerts-by-polling.md).
 */

/**
 * "Close to the cutoff": 30 minutes. A same-day box takes the workshop about half an hour to bake, pack and hand
 * over (the courier and carrier pickups are at the cutoff), so an order inside this window needs someone now.
 */
export const CLOSE_TO_CUTOFF_MINUTES = 30;

export interface Urgency {
  /** The same-day cutoff of the order's delivery type ('HH:MM'). */
  cutoff: string;
  /** Minutes from the order to that cutoff (0 … CLOSE_TO_CUTOFF_MINUTES). */
  minutesLeft: number;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The cutoff that decides whether an order of this delivery type can still be done today. */
function sameDayCutoff(cfg: Pick<DeliveryConfig, "cutoffs">, deliveryType: string): string | null {
  if (deliveryType === "Carrier") return cfg.cutoffs.shippingSameDay;
  if (deliveryType === "Delivery") return cfg.cutoffs.courierSameDay;
  if (deliveryType === "Store") return cfg.cutoffs.pickupSameDay;
  return null;
}

/** Urgent when the order is to be ready the day it was placed, at most CLOSE_TO_CUTOFF_MINUTES before its cutoff. */
export function urgencyOf(cfg: Pick<DeliveryConfig, "cutoffs">, order: { deliveryType: string; readyDate: string; createdAt: Date }): Urgency | null {
  if (order.readyDate !== istanbulDate(order.createdAt)) return null;
  const cutoff = sameDayCutoff(cfg, order.deliveryType);
  if (!cutoff) return null;
  const p = istanbulParts(order.createdAt);
  const minutesLeft = toMinutes(cutoff) - (p.hour * 60 + p.minute);
  return minutesLeft >= 0 && minutesLeft <= CLOSE_TO_CUTOFF_MINUTES ? { cutoff, minutesLeft } : null;
}

/**
 * The staff's alert mail for a new order, carried by the order's own statement (db/client.ts `Rider`; one per
 * order): answers the rider for the order to be, or null when no STAFF_ALERT_EMAIL is set. The mail is written
 * before the order's number exists: the statement fills it in (`queueMailRider`).
 */
export async function orderPlacedRider(app: AppContext, tx: DbOrTx): Promise<((toBe: OrderToBe) => Rider<OrderMade>) | null> {
  const to = app.config.staffAlertEmail;
  if (!to) return null;
  const cfg = await delivery.getConfig(app, tx);
  return (toBe) =>
    queueMailRider<OrderMade>(
      alertMail(app, cfg, to, { ...toBe, orderNumber: mailHole("orderNumber") }),
      { name: "staff_alert_queued", dedupeKey: (made) => repo.alertDedupeKey(made.id) },
      { orderNumber: (made) => made.orderNumber },
    );
}

function alertMail(app: AppContext, cfg: Pick<DeliveryConfig, "cutoffs">, to: string, order: OrderToBe & { orderNumber: string }): MailToQueue {
  const a = messagingTr.alert;
  const urgent = urgencyOf(cfg, order);
  const vars = {
    number: order.orderNumber,
    total: formatAmount(order.needToPay),
    type: deliveryLabel(order),
    details: detailsText({ deliveryDetails: order.deliveryDetails, locationName: order.pickupPlace }),
    date: formatDayTr(order.readyDate),
    cutoff: urgent?.cutoff ?? "",
    minutes: urgent?.minutesLeft ?? 0,
  };
  return {
    to,
    subject: fmt(urgent ? a.mailSubjectUrgent : a.mailSubject, vars),
    heading: urgent ? a.mailHeadingUrgent : a.mailHeading,
    paragraphs: [fmt(a.mailBody, vars), ...(urgent ? [fmt(a.mailUrgent, vars)] : [])],
    button: { label: a.mailButton, url: `${app.config.publicUrl}/management/orders/${order.orderNumber}` },
  };
}

export interface Alert {
  id: number;
  orderNumber: string;
  text: string;
  urgent: boolean;
}

/** How many alerts one answer carries at most: more orders at once (a page asleep for hours) show the newest; the order list has all. */
const MAX_ALERTS = 20;

/**
 * The live alerts: orders placed after order id `after`, oldest first. Without `after` (a page just opened)
 * no alerts, only where to start from: a page shows what arrives while it is open.
 */
export async function since(app: AppContext, after: number | null): Promise<{ latest: number; alerts: Alert[] }> {
  if (after === null) {
    return { latest: (await repo.latestOrderId(app.db)) ?? 0, alerts: [] };
  }
  const rows = await repo.ordersAfter(app.db, after, MAX_ALERTS);
  if (rows.length === 0) return { latest: after, alerts: [] };
  const cfg = await delivery.getConfig(app);
  const a = messagingTr.alert;
  const alerts = rows.reverse().map((o) => {
    const urgent = urgencyOf(cfg, o);
    const vars = { number: o.orderNumber, total: formatAmount(o.needToPay), type: deliveryLabel(o), date: formatDayTr(o.readyDate), cutoff: urgent?.cutoff ?? "", minutes: urgent?.minutesLeft ?? 0 };
    return { id: o.id, orderNumber: o.orderNumber, text: fmt(urgent ? a.urgent : a.newOrder, vars), urgent: urgent !== null };
  });
  return { latest: alerts.at(-1)!.id, alerts };
}
