import type { AppContext } from "../context";
import * as audit from "../audit/service";
import * as jobs from "../jobs/service";
import { MAIL_JOB } from "../mail/service";
import { SMS_JOB } from "../sms/service";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { fmt } from "~/shared/texts/tr";
import { messagingTr } from "~/shared/texts/messaging.tr";

/**
 * The staff page of messages that could not be sent (issue 28 §2): mails and SMS that failed for good, with the
 * reason, resent one by one or all at once. Each resend is audited in its own transaction ('message.resend':
 * what was requeued, to whom and why it had failed).
 */
const F = messagingTr.failed;

/** What counts as a message here: mails and SMS (a failed refund or points job is left for an operator). */
const MESSAGE_KINDS = [MAIL_JOB, SMS_JOB] as const;

export async function failedMessages(app: AppContext) {
  return { ...(await jobs.listFailed(app.db, MESSAGE_KINDS)), retentionDays: app.config.failedJobRetentionDays };
}

/** The periodic purge of failed messages older than FAILED_JOB_RETENTION_DAYS (registry.ts). */
export const purgeFailedMessages = (app: AppContext) => jobs.purgeFailedMessages(app, MESSAGE_KINDS);

const auditLine = (m: jobs.FailedMessage) => ({ id: m.id, kind: m.kind, to: m.to, reason: m.reason, attempts: m.attempts });

/** One message (by job id) or every failed message (`id` null) back in the queue. */
export async function resendMessages(app: AppContext, staff: Staff, id: number | null): Promise<Outcome> {
  const done = await app.db.transaction(async (tx) => {
    const requeued = await jobs.requeue(tx, MESSAGE_KINDS, id === null ? undefined : [id]);
    if (requeued.length) {
      await audit.record(app, tx, {
        actor: staff.actor,
        action: "message.resend",
        entity: "job",
        entityId: id ?? "",
        before: { status: "failed", messages: requeued.map(auditLine) },
        after: { status: "pending", count: requeued.length },
      });
    }
    return requeued.length;
  });
  if (done === 0) return failed(F.gone);
  return ok(id === null ? fmt(F.resentAll, { n: done }) : F.resent);
}
