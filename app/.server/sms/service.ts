import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { deleteJobs, enqueue, jobsOfKind, type JobHandler } from "../jobs/service";
import { netgsmSend, SmsFailed } from "./netgsm";
import { trMobile } from "./phone";
import type { OrderRow } from "../orders/service";
import { getSellerIdentity, sellerAddress } from "../seller/service";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { messagingTr } from "~/shared/texts/messaging.tr";

/**
 * SMS go through the outbox like mail: `queueSms` inside the transaction that causes it; the worker sends it, so
 * a provider that is down or slow never holds up (or rolls back) the change. Retries follow the job queue's
 * backoff; a message that failed for good shows under the staff area's failed messages (management/outbox-desk.ts).
 *
 * Providers (SMS_PROVIDER): `folder` (default) writes DATA_DIR/sms-outbox/<job id>.json (a retry rewrites the
 * same file); `netgsm` sends through Netgsm (netgsm.ts) and records 'sentAt' and Netgsm's job id in the job's
 * payload the moment Netgsm accepted it, so a retry after a crash in between does not send twice.
 */
export const SMS_JOB = "sms";

const smsSchema = z.object({
  /** 905XXXXXXXXX (phone.ts trMobile().digits). */
  to: z.string().regex(/^905\d{9}$/),
  text: z.string().min(1),
  sentAt: z.string().optional(),
  providerRef: z.string().optional(),
});
export type Sms = Pick<z.infer<typeof smsSchema>, "to" | "text">;

export async function queueSms(db: DbOrTx, sms: Sms, opts: { dedupeKey?: string } = {}): Promise<void> {
  await enqueue(db, SMS_JOB, smsSchema.parse(sms), opts);
}

/** One SMS as the folder provider writes it. */
export interface FolderSms {
  file: string;
  jobId: number;
  to: string;
  text: string;
  encoding: "TR";
  at: string;
}

export const sendSmsJob: JobHandler = async (app, payload, job) => {
  const sms = smsSchema.parse(payload);
  const cfg = app.config.sms;
  if (cfg.provider === "netgsm") {
    // marked sent but not done: only a worker that wrote the mark in a statement of its own (before the mark rode
    // on the job's end) could leave that, crashing between the two
    if (sms.sentAt) {
      app.log.info({ jobId: job.id, sentAt: sms.sentAt, providerRef: sms.providerRef }, "sms already sent before a restart; not sent again");
      return;
    }
    const n = cfg.netgsm;
    if (!n.usercode || !n.password || !n.msgheader) throw new SmsFailed("Netgsm is not configured");
    const ref = await netgsmSend({ baseUrl: n.baseUrl, usercode: n.usercode, password: n.password, msgheader: n.msgheader, timeoutMs: cfg.timeoutMs }, sms.to, sms.text);
    app.log.info({ jobId: job.id, providerRef: ref }, "sms sent");
    // recorded with the job's end, in one statement: a retry after a crash sees it and does not send again
    return { progress: { sentAt: app.clock.now().toISOString(), providerRef: ref } };
  }
  const dir = resolve(cfg.outboxDir);
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `${String(job.id).padStart(8, "0")}.json`);
  const record: Omit<FolderSms, "file"> = { jobId: job.id, to: sms.to, text: sms.text, encoding: "TR", at: app.clock.now().toISOString() };
  // write then rename: a reader never sees half a message
  writeFileSync(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
};

/** The folder provider's messages, oldest first (for tests and support). */
export function readSmsOutbox(dir: string): FolderSms[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(resolve(dir, file), "utf8")) as Omit<FolderSms, "file">) }));
}

/**
 * KVKK erasure (issue 26 §4): every SMS job, queued or sent, addressed to one of the person's numbers is deleted
 * in the caller's transaction; returns their ids so that `removeOutboxCopies` can delete the folder copies after
 * the commit. Numbers are compared in the provider's form (905XXXXXXXXX), whatever way the buyer typed them.
 */
export async function forgetMessages(db: DbOrTx, phones: string[]): Promise<number[]> {
  const numbers = new Set(phones.map((p) => trMobile(p)?.digits).filter((d): d is string => Boolean(d)));
  if (numbers.size === 0) return [];
  const rows = await jobsOfKind(db, SMS_JOB);
  const ids = rows.filter((r) => numbers.has(String((r.payload as { to?: unknown }).to))).map((r) => r.id);
  if (ids.length) await deleteJobs(db, ids);
  return ids;
}

/** The folder provider's copy of each job id (SMS_OUTBOX_DIR/<id>.json) removed, if there is one; returns how many were. */
export function removeOutboxCopies(app: AppContext, ids: number[]): number {
  const dir = resolve(app.config.sms.outboxDir);
  let removed = 0;
  for (const id of ids) {
    const file = resolve(dir, `${String(id).padStart(8, "0")}.json`);
    if (existsSync(file)) {
      rmSync(file);
      removed++;
    }
  }
  return removed;
}

/**
 * The buyer's SMS for an order's status (issue 28 §2): shipped (with the carrier's tracking page, or the tracking
 * number when the carrier has none), out for delivery, ready for pickup. Transactional notices only (no
 * marketing goes by SMS). Sent to the buyer (the invoice phone of the order, which is the delivery phone when
 * the buyer gave one address), never to a gift's recipient, and only when it is a Turkish mobile number.
 * Queued in the status change's transaction (one job, deduplicated per order and status); a failure to send
 * never touches the order.
 */
export async function orderStatusSms(tx: DbOrTx, order: OrderRow, status: string, trackingUrl: string | null = null): Promise<boolean> {
  const address = (order.address ?? {}) as { invPhoneNumber?: unknown };
  const phone = trMobile(typeof address.invPhoneNumber === "string" ? address.invPhoneNumber : null);
  if (!phone) return false;
  const s = messagingTr.sms;
  let text: string;
  let key: string;
  if (status === "shipped" && order.carrier && order.trackingNumber) {
    text = fmt(s.shipped, { number: order.orderNumber, carrier: order.carrier, tracking: trackingUrl ?? order.trackingNumber });
    key = `sms-shipped:${order.id}:${order.trackingNumber}`;
  } else if (status === "outfordelivery") {
    text = fmt(s.out, { number: order.orderNumber, slot: order.deliveryDetails || managementTr.common.none });
    key = `sms-out:${order.id}`;
  } else if (status === "collected") {
    text = fmt(s.pickup, { number: order.orderNumber, hour: order.deliveryDetails || managementTr.common.none, address: order.pickupPlace || sellerAddress(getSellerIdentity()) });
    key = `sms-pickup:${order.id}`;
  } else return false;
  await queueSms(tx, { to: phone.digits, text }, { dedupeKey: key });
  return true;
}
