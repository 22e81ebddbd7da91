import type { JobHandler } from "./service";
import { MAIL_JOB, sendMailJob } from "../mail/service";
import { EARN_JOB, earnJob } from "../loyalty/service";
import { REFUND_JOB, refundCancelledJob } from "../orders/service";
import { SMS_JOB, sendSmsJob } from "../sms/service";

/** Every job kind the worker knows. Modules add their handler here. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [MAIL_JOB]: sendMailJob,
  [EARN_JOB]: earnJob,
  [REFUND_JOB]: refundCancelledJob,
  [SMS_JOB]: sendSmsJob,
};
