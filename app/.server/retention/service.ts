import type { AppContext } from "../context";
import { MAIL_JOB, removeOutboxCopies } from "../mail/service";
import { SMS_JOB, removeOutboxCopies as removeSmsCopies } from "../sms/service";
import * as repo from "./repo";
import * as jobs from "../jobs/service";

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
  const mails = await jobs.deleteDoneJobsOfKind(app.db, MAIL_JOB, before(RETENTION_DAYS.sentMails));
  const outboxFiles = removeOutboxCopies(
    app,
    mails.map((m) => m.id),
  );
  const texts = await jobs.deleteDoneJobsOfKind(app.db, SMS_JOB, before(RETENTION_DAYS.sentMails));
  removeSmsCopies(
    app,
    texts.map((t) => t.id),
  );
  const done = await jobs.deleteDoneJobs(app.db, before(RETENTION_DAYS.doneJobs));
  const messages = await repo.deleteContactMessages(app.db, before(RETENTION_DAYS.contactMessages));
  const entries = await repo.deleteFortuneEntries(app.db, before(RETENTION_DAYS.fortuneEntries));
  const staleNicks = await repo.staleNicks(app.db, before(RETENTION_DAYS.fortuneEntries));
  const nicks = staleNicks.length ? await repo.deleteNicks(app.db, staleNicks.map((n) => n.nick)) : [];
  const result = { sentMails: mails.length, outboxFiles, sentSms: texts.length, doneJobs: done.length, contactMessages: messages.length, fortuneEntries: entries.length, fortuneNicks: nicks.length };
  if (Object.values(result).some((n) => n > 0)) app.log.info({ purged: result }, "retention purge");
  return result;
}
