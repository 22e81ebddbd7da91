import type { JobHandler } from "./service";
import { MAIL_JOB, sendMailJob } from "../mail/service";
import { EARN_JOB, earnJob } from "../loyalty/service";
import { REFUND_JOB, refundCancelledJob } from "../orders/service";
import { CANCEL_JOB as INVOICE_CANCEL_JOB, SEND_JOB as INVOICE_SEND_JOB, cancelJob as invoiceCancelJob, sendJob as invoiceSendJob } from "../invoices/service";
import { SMS_JOB, sendSmsJob } from "../sms/service";

/** Every job kind the worker knows. Modules add their handler here. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [MAIL_JOB]: sendMailJob,
  [EARN_JOB]: earnJob,
  [REFUND_JOB]: refundCancelledJob,
  [INVOICE_SEND_JOB]: invoiceSendJob,
  [INVOICE_CANCEL_JOB]: invoiceCancelJob,
  [SMS_JOB]: sendSmsJob,
};
