import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { queueMail } from "../mail/service";
import * as consent from "../consent/service";
import { hit, perClient, type RateResult } from "../ratelimit/service";
import * as repo from "./repo";
import { normalizeEmail } from "~/shared/account";
import type { ContactInput } from "~/shared/contact";
import { contactTr } from "~/shared/texts/contact.tr";
import { fmt } from "~/shared/texts/tr";

/** Per-client limit for contact messages: [limit, window seconds]. */
export const CONTACT_LIMIT = [5, 600] as const;

export type SendResult = { ok: true; id: number } | { ok: false; limited: RateResult };

/**
 * Stores a contact message and queues the notification mail to the shop in the same transaction
 * (SPEC §2.5, §7 POST /contact). Rate-limited per IP. With the form's `sendKey` (decision 0057), a second send of
 * the same form answers as the first did and stores, records and mails nothing again.
 */
export async function send(app: AppContext, input: ContactInput, ip: string, sendKey: string | null = null): Promise<SendResult> {
  const r = await hit(app, perClient("contact", ip), CONTACT_LIMIT[0], CONTACT_LIMIT[1]);
  if (!r.allowed) {
    // a second send of a form already received answers as the first did, even past the limit
    const first = sendKey ? await repo.idBySendKey(app.db, sendKey) : null;
    return first === null ? { ok: false, limited: r } : { ok: true, id: first };
  }
  const m = contactTr.mail;
  const saved = await app.db.transaction(async (tx) => {
    const fields = { ...input, ip, createdAt: app.clock.now() };
    const row = sendKey ? await repo.insertKeyedMessage(tx, { ...fields, sendKey }) : await repo.insertMessage(tx, fields);
    if (!row) {
      // the same form sent again: the message the first send stored
      const id = await repo.idBySendKey(tx, sendKey!);
      if (id === null) throw new Error("a contact message's send key is taken but its message cannot be read");
      return { id };
    }
    // the newsletter box, when ticked with an address to write to, is a recorded commercial-message consent (issue 26 §4)
    if (input.news && input.email) await consent.record(app, tx, { email: input.email, status: "granted", source: "contact", ip });
    await queueMail(tx, {
      to: app.config.contactEmail,
      subject: fmt(m.subject, { name: input.name }),
      heading: m.heading,
      paragraphs: [m.intro, input.message],
      table: [
        [m.name, input.name],
        [m.email, input.email ?? m.noEmail],
        [m.findus, contactTr.findusOptions[input.findus]],
        [m.news, input.news ? m.newsYes : m.newsNo],
      ],
    });
    return row;
  });
  return { ok: true, id: saved.id };
}

export const latest = (app: AppContext, limit?: number) => repo.latest(app.db, limit);

// ─── the staff inbox (issue 12) ─────────────────────────────────────────────────────────────────

export type InboxState = repo.InboxState;
export type ContactMessage = repo.ContactMessageRow;

/** A message's state: new until staff read it, then read, then answered. */
export function stateOf(m: Pick<repo.ContactMessageRow, "readAt" | "answeredAt">): InboxState {
  return m.answeredAt ? "answered" : m.readAt ? "read" : "new";
}

export const inbox = (app: AppContext, f: { state: InboxState | ""; q: string; page: number; pageSize: number }) =>
  repo.page(app.db, { state: f.state, q: f.q, limit: f.pageSize, offset: (f.page - 1) * f.pageSize });
export const countNew = (app: AppContext) => repo.countNew(app.db);
export const getMessage = (app: AppContext, id: number) => repo.byId(app.db, id);

/**
 * Moves a message to `state` in `tx` ('new' clears both marks, 'read' keeps it unanswered, 'answered' marks
 * it read too). Answers the states before and after, or null for an unknown message.
 */
export async function setState(app: AppContext, tx: DbOrTx, id: number, state: InboxState, actor: string): Promise<{ before: InboxState; after: InboxState } | null> {
  const m = await repo.lock(tx, id);
  if (!m) return null;
  const now = app.clock.now();
  const patch =
    state === "new"
      ? { readAt: null, answeredAt: null }
      : state === "read"
        ? { readAt: m.readAt ?? now, answeredAt: null }
        : { readAt: m.readAt ?? now, answeredAt: m.answeredAt ?? now };
  await repo.setState(tx, id, { ...patch, handledBy: actor });
  return { before: stateOf(m), after: state };
}

/** KVKK export: the messages a person sent with this e-mail address, newest first. */
export const messagesOf = (app: AppContext, email: string) => repo.byEmail(app.db, normalizeEmail(email));

/** KVKK erasure (issue 12, docs/decisions/0004), in the caller's transaction: the person's messages go. */
export function forgetEmail(tx: DbOrTx, email: string): Promise<number> {
  return repo.deleteByEmail(tx, normalizeEmail(email));
}
