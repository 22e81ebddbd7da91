/**
 * The process's registry (issue 24): every job kind the worker runs and every periodic task, in one place next to
 * the process entry (server.ts), so modules and flows export handlers and never import upwards to register
 * them. Add a new job or task here (append at the end of its list).
 */
import type { AppContext } from "./context";
import type { JobHandler } from "./jobs/service";
import type { PeriodicTask } from "./jobs/schedule";
import { purgeExpired } from "./accounts/service";
import { EARN_JOB, earnJob, expireDue } from "./loyalty/service";
import { MAIL_JOB, sendMailJob } from "./mail/service";
import { purgeOld } from "./ratelimit/service";
import { CANCEL_JOB as INVOICE_CANCEL_JOB, SEND_JOB as INVOICE_SEND_JOB, cancelJob as invoiceCancelJob, sendJob as invoiceSendJob } from "./invoices/service";
import { SMS_JOB, sendSmsJob } from "./sms/service";
import { purgeFailedMessages } from "./management/outbox-desk";
import { purge as retentionPurge } from "./retention/service";
import { REFUND_JOB, refundCancelledJob } from "./flows/cancel-order";
import { settleReconciled } from "./flows/place-order";
import { upgradeOldUploads } from "./catalog/service";

/** Every job kind the worker knows. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [MAIL_JOB]: sendMailJob,
  [EARN_JOB]: earnJob,
  [REFUND_JOB]: refundCancelledJob,
  [INVOICE_SEND_JOB]: invoiceSendJob,
  [INVOICE_CANCEL_JOB]: invoiceCancelJob,
  [SMS_JOB]: sendSmsJob,
};

/**
 * Housekeeping that runs on a timer in every server process (each task is safe to run in many processes at
 * once): payments and refunds left pending by a crash and holds left by abandoned payments, expired sessions and
 * codes, old rate-limit counters, expired loyalty points.
 */
export const PERIODIC_TASKS: readonly PeriodicTask[] = [
  { name: "payments.reconcile", everyMs: 60_000, run: (app: AppContext) => settleReconciled(app) },
  { name: "accounts.purgeExpired", everyMs: 3_600_000, run: purgeExpired },
  { name: "ratelimit.purgeOld", everyMs: 3_600_000, run: purgeOld },
  { name: "loyalty.expireDue", everyMs: 3_600_000, run: expireDue },
  { name: "jobs.purgeFailedMessages", everyMs: 3_600_000, run: purgeFailedMessages },
  // issue 26 §4: retention periods (docs/retention.md)
  { name: "retention.purge", everyMs: 6 * 3_600_000, run: retentionPurge },
  // issue 27 §2: smaller copies and share pictures for pictures uploaded before they were made
  { name: "catalog.upgradeOldUploads", everyMs: 6 * 3_600_000, run: upgradeOldUploads },
];
