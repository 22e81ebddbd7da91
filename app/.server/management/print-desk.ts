import type { AppContext } from "../context";
import * as catalog from "../catalog/service";
import * as notes from "../notes/service";
import * as orders from "../orders/service";
import * as printing from "../printing/service";
import { addDays } from "~/shared/clock";
import { isVipOption } from "~/shared/delivery-label";
import { giftReason, type GiftReason } from "~/shared/gift";
import type { InvoiceView } from "~/shared/invoice";

/**
 * The print-for-the-day document (issue 28 §1, issue 26 §2's gift rule): every open order of a ready date in
 * production order (the board's order: delivery type, pickup place, slot or carrier, number), each with its
 * packing list (what goes in which box), the paper that goes in the box and the gift note. A gift gets a
 * price-free packing slip beside its note; the buyer's own box gets the priced workshop invoice copy.
 * Also the courier route sheets: door deliveries per slot.
 */

export interface BoxLine {
  /** '1' or '2–4': the box numbers this line fills */
  boxes: string;
  quantity: number;
  name: string;
  packageContent: string;
  boxType: string | null;
}

export interface DaySheet {
  orderNumber: string;
  deliveryType: string;
  /** the option chosen (names a VIP courier: `deliveryLabel`) */
  deliveryOption: string | null;
  details: string;
  pickupPlace: string | null;
  status: string;
  recipient: { name: string; address: string; area: string; phone: string };
  gift: GiftReason | null;
  packing: BoxLine[];
  /** the priced copy, only when the order is not a gift */
  invoice: InvoiceView | null;
  note: { notes: string; qr: { image: string; shortAddress: string } | null } | null;
}

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

function recipientOf(address: unknown) {
  const a = (address && typeof address === "object" ? address : {}) as Record<string, unknown>;
  return {
    name: str(a.delFullName),
    address: str(a.delAddress),
    area: [str(a.delNeighName), str(a.delCountyName), str(a.delCityName)].filter(Boolean).join(", "),
    phone: printing.formatPhone(str(a.delPhoneNumber)),
  };
}

/** Numbers the boxes of an order: each line fills as many boxes as its quantity, one after the other. */
export function packingList(lines: { quantity: number; name: string; packageContent: string; boxType: string | null }[], boxName: (code: string) => string | undefined): BoxLine[] {
  let next = 1;
  return lines.map((l) => {
    const first = next;
    next += Math.max(1, l.quantity);
    const last = next - 1;
    return {
      boxes: first === last ? String(first) : `${first}–${last}`,
      quantity: l.quantity,
      name: l.name,
      packageContent: l.packageContent,
      boxType: l.boxType ? (boxName(l.boxType) ?? l.boxType) : null,
    };
  });
}

export async function printDay(app: AppContext, day: string): Promise<{ day: string; previous: string; next: string; sheets: DaySheet[] }> {
  const [dayOrders, boxes] = await Promise.all([orders.dayOrders(app, day), catalog.boxTypes(app)]);
  const lines = await orders.linesOf(
    app,
    dayOrders.map((o) => o.id),
  );
  const sheets: DaySheet[] = [];
  for (const o of dayOrders) {
    const gift = giftReason(o);
    const printed = await notes.printedNote(app, o.id);
    const noteText = printed?.notes ?? o.giftNote;
    sheets.push({
      orderNumber: o.orderNumber,
      deliveryType: o.deliveryType,
      deliveryOption: o.deliveryOption,
      details: o.deliveryDetails,
      pickupPlace: o.pickupPlace ?? null,
      status: o.status,
      recipient: recipientOf(o.address),
      gift,
      packing: packingList(
        lines.filter((l) => l.orderId === o.id),
        (code) => boxes.get(code)?.name,
      ),
      invoice: gift ? null : await printing.invoiceView(app, o),
      note: noteText.trim() || printed?.qr ? { notes: noteText, qr: printed?.qr ? { image: printed.qr.image, shortAddress: printed.qr.shortAddress } : null } : null,
    });
  }
  return { day, previous: addDays(day, -1), next: addDays(day, 1), sheets };
}

/** Door deliveries of a ready date per slot, for the courier (the board's route list, printable). */
export async function routeSheets(app: AppContext, day: string) {
  const rows = await orders.doorDeliveries(app, day);
  const lines = await orders.linesOf(
    app,
    rows.map((o) => o.id),
  );
  const slots = new Map<string, { orderNumber: string; recipient: ReturnType<typeof recipientOf>; items: string; gift: boolean; vip: boolean; status: string }[]>();
  for (const o of rows) {
    const stop = {
      orderNumber: o.orderNumber,
      recipient: recipientOf(o.address),
      items: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => `${l.quantity} × ${l.name}`)
        .join(", "),
      gift: giftReason(o) !== null,
      vip: isVipOption(o.deliveryOption),
      status: o.status,
    };
    slots.set(o.deliveryDetails, [...(slots.get(o.deliveryDetails) ?? []), stop]);
  }
  return { day, previous: addDays(day, -1), next: addDays(day, 1), slots: [...slots].sort(([a], [b]) => a.localeCompare(b, "tr")).map(([slot, stops]) => ({ slot, stops })) };
}
