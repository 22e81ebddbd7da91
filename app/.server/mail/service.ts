import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { SQL } from "drizzle-orm";
import { resolve } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";
import type { AppContext } from "../context";
import type { DbOrTx, Rider } from "../db/client";
import { deleteJobs, enqueue, enqueueQuery, jobsOfKind, type JobHandler } from "../jobs/service";
import { renderMail, type MailContent } from "./layout";
import * as repo from "./repo";

/**
 * Mail goes through the outbox: `queueMail` inside the transaction that causes it; the worker sends it.
 * Without SMTP_URL each mail becomes DATA_DIR/outbox/<job id>.eml (a retry rewrites the same file, so a crash
 * never duplicates it). With SMTP_URL it is sent with a Message-ID derived from the job id, and 'sent' is
 * recorded in the job's payload the moment the SMTP server accepted it, before the job is marked done: a retry
 * after a crash in between finds the mark and does not send again. What remains is the instant between the
 * server's acceptance and that one UPDATE; a mail resent from there carries the same Message-ID, by which
 * mail systems recognise the duplicate.
 */
export const MAIL_JOB = "mail";

/** What a mail says, before the shop's layout (layout.ts) makes its HTML and text. */
export type { MailContent };

const mailSchema = z.object({
  to: z.string().min(3),
  subject: z.string().min(1),
  html: z.string(),
  text: z.string(),
  /** Files sent with the mail (the order's contracts, issue 26 §3): text content only. */
  /** Extra headers (marketing mails: List-Unsubscribe, List-Unsubscribe-Post). */
  headers: z.record(z.string(), z.string()).optional(),
  attachments: z.array(z.object({ filename: z.string().min(1).max(120), contentType: z.string().min(3).max(80), content: z.string() })).optional(),
  /** Set by the worker once the SMTP server accepted the message (ISO time). */
  sentAt: z.string().optional(),
});
export type Mail = Omit<z.infer<typeof mailSchema>, "sentAt">;

export type MailAttachment = NonNullable<Mail["attachments"]>[number];

export type MailToQueue = { to: string; subject: string; attachments?: MailAttachment[]; headers?: Record<string, string> } & MailContent;

export async function queueMail(db: DbOrTx, mail: MailToQueue, opts: { dedupeKey?: string } = {}): Promise<void> {
  await enqueue(db, MAIL_JOB, payloadOf(mail), opts);
}

const payloadOf = (mail: MailToQueue): Mail => {
  const { html, text } = renderMail(mail);
  const extra = { ...(mail.attachments?.length ? { attachments: mail.attachments } : {}), ...(mail.headers ? { headers: mail.headers } : {}) };
  return { to: mail.to, subject: mail.subject, html, text, ...extra };
};

/** Where a value the carrying statement makes goes in a mail written before it (`queueMailRider`). */
export const mailHole = (name: string) => `\u2063${name}\u2063`;

/**
 * `queueMail` carried by another module's statement whose values the mail names (db/client.ts `Rider`): the mail is
 * written with `mailHole(name)` where each value goes, and the statement fills each hole with `fill[name](made)`
 * (SQL `replace` in the stored JSON) — e.g. an order's number, made by the order's insert. A filled value goes in as
 * it is: it must need no escaping in JSON or HTML (an order number: digits and a dash).
 */
export function queueMailRider<M>(mail: MailToQueue, opts: { dedupeKey?: (made: M) => SQL; name?: string }, fill: Record<string, (made: M) => SQL>): Rider<M> {
  const json = JSON.stringify(payloadOf(mail));
  return (db, _gate, made) => {
    const payload = repo.filledPayloadSql(json, Object.entries(fill).map(([name, value]) => [mailHole(name), value(made)] as const));
    // `name`: the rider's name in its carrier's statement, one per mail carried by the same statement
    return db.$with(opts.name ?? "mail_queued").as(enqueueQuery(db, MAIL_JOB, payload, { dedupeKey: opts.dedupeKey?.(made) }));
  };
}

/**
 * KVKK erasure (issue 26 §4): every mail job, queued or sent, addressed to the person or whose text names one
 * of `needles` (their e-mail address, phone numbers) is deleted in the caller's transaction; returns the ids,
 * whose .eml copies in the outbox `removeOutboxCopies` deletes after the commit.
 */
export async function forgetMails(db: DbOrTx, email: string, needles: string[]): Promise<number[]> {
  const rows = await jobsOfKind(db, MAIL_JOB);
  const lower = [email, ...needles].map((n) => n.toLowerCase()).filter((n) => n.length >= 3);
  const ids = rows
    .filter((r) => {
      const p = r.payload as { to?: string };
      if (typeof p.to === "string" && p.to.toLowerCase() === email.toLowerCase()) return true;
      const text = JSON.stringify(r.payload).toLowerCase();
      return lower.some((n) => text.includes(n));
    })
    .map((r) => r.id);
  if (ids.length) await deleteJobs(db, ids);
  return ids;
}

/** The outbox file of each job id (DATA_DIR/outbox/<id>.eml) removed, if there is one; returns how many were. */
export function removeOutboxCopies(app: AppContext, ids: number[]): number {
  const dir = resolve(app.config.mailOutboxDir);
  let removed = 0;
  for (const id of ids) {
    const file = resolve(dir, `${String(id).padStart(8, "0")}.eml`);
    if (existsSync(file)) {
      rmSync(file);
      removed++;
    }
  }
  return removed;
}

let smtp: { url: string; transport: Transporter } | undefined;
const streamTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

function messageId(app: AppContext, jobId: number) {
  const host = new URL(app.config.publicUrl).hostname || "localhost";
  return `<mail-${jobId}@${host}>`;
}

export const sendMailJob: JobHandler = async (app, payload, job) => {
  const mail = mailSchema.parse(payload);
  const message = { from: app.config.mailFrom, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: messageId(app, job.id), attachments: mail.attachments, headers: mail.headers };
  if (app.config.smtpUrl) {
    // marked sent but not done: only a worker that wrote the mark in a statement of its own (before the mark rode
    // on the job's end) could leave that, crashing between the two
    if (mail.sentAt) {
      app.log.info({ jobId: job.id, sentAt: mail.sentAt }, "mail already sent before a restart; not sent again");
      return;
    }
    if (smtp?.url !== app.config.smtpUrl) smtp = { url: app.config.smtpUrl, transport: nodemailer.createTransport(app.config.smtpUrl) };
    await smtp.transport.sendMail(message);
    // recorded with the job's end, in one statement: a retry after a crash sees it and does not send again
    return { progress: { sentAt: app.clock.now().toISOString() } };
  }
  const info = (await streamTransport.sendMail(message)) as { message: Buffer };
  const dir = resolve(app.config.mailOutboxDir);
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `${String(job.id).padStart(8, "0")}.eml`);
  // write then rename: a reader never sees half a mail
  writeFileSync(`${file}.tmp`, info.message);
  renameSync(`${file}.tmp`, file);
};
