import type { AppContext } from "../context";
import * as audit from "../audit/service";
import * as orders from "../orders/service";
import { actorNames, type Outcome, type Staff } from "./service";
import { failed, ok } from "./outcome";
import { batchTr } from "~/shared/texts/batch.tr";

/**
 * Internal notes on an order (issue 28 §1): staff only, append-only, each one audited. Customer pages, mails and
 * the guest's print link read orders through other services, none of which reads these.
 */

const N = batchTr.notes;
export const NOTE_MAX = 1000;

/** The notes of an order as its management page shows them: text, who (readable) and when. */
export async function notesOf(app: AppContext, orderId: number) {
  const rows = await orders.staffNotesOf(app, orderId);
  const names = await actorNames(
    app,
    rows.map((r) => r.actor),
  );
  return rows.map((r) => ({ id: r.id, body: r.body, actor: names[r.actor] ?? r.actor, at: r.at.toISOString() }));
}

/** Adds a note; the audit entry names the note (its text stays in the note, not copied into the log). */
export async function addNote(app: AppContext, staff: Staff, orderNumber: string, body: string): Promise<Outcome> {
  const text = body.replace(/\r\n?/g, "\n").trim();
  if (!text) return failed(N.required, { body: N.required });
  if (text.length > NOTE_MAX) return failed(N.tooLong, { body: N.tooLong });
  const order = await orders.getByNumber(app, orderNumber);
  if (!order) return failed(batchTr.bulk.notFound);
  await app.db.transaction(async (tx) => {
    const note = await orders.addStaffNote(app, tx, order.id, text, staff.actor);
    await audit.record(app, tx, {
      actor: staff.actor,
      action: "order.note",
      entity: "order",
      entityId: order.id,
      after: { orderNumber: order.orderNumber, noteId: note.id, length: text.length },
    });
  });
  return ok(N.added);
}
