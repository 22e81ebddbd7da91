import { and, eq, inArray, lt } from "drizzle-orm";
import type { AppContext } from "../context";
import { contactMessages } from "../db/schema/contact";
import { fortuneEntries, fortuneNicks } from "../db/schema/fortune";
import { jobs } from "../db/schema/system";
import { MAIL_JOB, removeOutboxCopies } from "../mail/service";
import { SMS_JOB, removeOutboxCopies as removeSmsCopies } from "../sms/service";

/**
 * Retention (issue 26 §4, docs/retention.md): how long each kind of data is kept, enforced by one periodic
 * task. Sessions and sign-in codes (accounts.purgeExpired) and rate-limit rows (ratelimit.purgeOld) have their
 * own tasks already; failed jobs are issue 28's. Orders, invoices and payment records are kept 10 years
 * (VUK, TTK) and are not touched here.
 */
const DAY = 86_400_000;
export const RETENTION_DAYS = {
  /** Sent mails (the jobs table's copy of each body, and the outbox's .eml file) and sent SMS (job and folder copy). */
  sentMails: 30,
  /** Other finished jobs (points, refunds): ids and amounts only, kept for troubleshooting. */
  doneJobs: 90,
  /** Contact-form messages (as the privacy notice says). */
  contactMessages: 730,
  /** Prize-game entries and nicknames (social-network handles and IP addresses). */
  fortuneEntries: 365,
} as const;

export interface PurgeResult {
  sentMails: number;
  outboxFiles: number;
  sentSms: number;
  doneJobs: number;
  contactMessages: number;
  fortuneEntries: number;
  fortuneNicks: number;
}

export async function purge(app: AppContext): Promise<PurgeResult> {
  const now = app.clock.now().getTime();
  const before = (days: number) => new Date(now - days * DAY);
  const mails = await app.db
    .delete(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), eq(jobs.status, "done"), lt(jobs.doneAt, before(RETENTION_DAYS.sentMails))))
    .returning({ id: jobs.id });
  const outboxFiles = removeOutboxCopies(
    app,
    mails.map((m) => m.id),
  );
  const texts = await app.db
    .delete(jobs)
    .where(and(eq(jobs.kind, SMS_JOB), eq(jobs.status, "done"), lt(jobs.doneAt, before(RETENTION_DAYS.sentMails))))
    .returning({ id: jobs.id });
  removeSmsCopies(
    app,
    texts.map((t) => t.id),
  );
  const done = await app.db
    .delete(jobs)
    .where(and(eq(jobs.status, "done"), lt(jobs.doneAt, before(RETENTION_DAYS.doneJobs))))
    .returning({ id: jobs.id });
  const messages = await app.db.delete(contactMessages).where(lt(contactMessages.createdAt, before(RETENTION_DAYS.contactMessages))).returning({ id: contactMessages.id });
  const entries = await app.db.delete(fortuneEntries).where(lt(fortuneEntries.createdAt, before(RETENTION_DAYS.fortuneEntries))).returning({ nick: fortuneEntries.nick });
  const staleNicks = await app.db
    .select({ nick: fortuneNicks.nick })
    .from(fortuneNicks)
    .where(lt(fortuneNicks.updatedAt, before(RETENTION_DAYS.fortuneEntries)));
  const nicks = staleNicks.length ? await app.db.delete(fortuneNicks).where(inArray(fortuneNicks.nick, staleNicks.map((n) => n.nick))).returning({ nick: fortuneNicks.nick }) : [];
  const result = { sentMails: mails.length, outboxFiles, sentSms: texts.length, doneJobs: done.length, contactMessages: messages.length, fortuneEntries: entries.length, fortuneNicks: nicks.length };
  if (Object.values(result).some((n) => n > 0)) app.log.info({ purged: result }, "retention purge");
  return result;
}
