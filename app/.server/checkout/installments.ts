import type { AppContext } from "../context";
import * as payments from "../payments/service";
import { interestOf, type InstallmentOption } from "~/shared/installments";
import type { Kurus } from "~/shared/money";
import { installmentsTr } from "~/shared/texts/installments.tr";

/**
 * The shopper's installment choice in checkout (issue 27 §3). The payment step keeps the count and the card's BIN
 * (never the number) in the checkout state; the confirm step shows what that count costs for the amount due now
 * and posts the total the shopper saw, which the payments module prices again and refuses if it differs.
 */

export interface InstallmentChoice {
  count: number;
  bin?: string;
}

export interface ChosenInstallment extends InstallmentOption {
  interest: Kurus;
}

/** The chosen count priced for `amount` (from the provider's table), or null for the single payment. */
export async function chosenInstallment(app: AppContext, choice: InstallmentChoice | null | undefined, amount: Kurus): Promise<ChosenInstallment | null> {
  if (!choice || choice.count <= 1 || !choice.bin || amount <= 0) return null;
  const table = await payments.installmentTable(app, choice.bin, amount);
  const option = table.options.find((o) => o.count === choice.count);
  return option ? { ...option, interest: interestOf(option, amount) } : null;
}

/** What startPayment gets: the count with the total the shopper saw on the confirm step (none: single payment). */
export function paymentChoice(choice: InstallmentChoice | null | undefined, seenTotal: Kurus | undefined): { count: number; total?: Kurus } | undefined {
  if (!choice || choice.count <= 1) return seenTotal === undefined ? undefined : { count: 1, total: seenTotal };
  return { count: choice.count, total: seenTotal };
}

/**
 * The payment step's choice, checked against the provider's table for the amount due: a count the card does not
 * get or a total that is not the table's is refused (Turkish message); the single payment always passes.
 */
export async function checkChoice(
  app: AppContext,
  posted: { count: number; bin: string | null; total: Kurus | null },
  amount: Kurus,
): Promise<{ ok: true; choice: InstallmentChoice } | { ok: false; message: string }> {
  if (posted.count <= 1) return { ok: true, choice: { count: 1, ...(posted.bin ? { bin: posted.bin } : {}) } };
  if (!posted.bin) return { ok: false, message: installmentsTr.errors.changed };
  const option = await chosenInstallment(app, { count: posted.count, bin: posted.bin }, amount);
  if (!option || option.total !== posted.total) return { ok: false, message: installmentsTr.errors.changed };
  return { ok: true, choice: { count: posted.count, bin: posted.bin } };
}

/** The installment table requests of one client: [limit, window seconds] (each may ask the provider). */
export const TABLE_LIMIT = { limit: 120, windowSeconds: 600 } as const;
