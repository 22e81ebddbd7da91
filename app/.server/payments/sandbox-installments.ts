import type { InstallmentOption } from "~/shared/installments";
import type { Kurus } from "~/shared/money";
import { roundHalfAwayFromZero } from "~/shared/money";
import type { CardInfo } from "./gateway";

/**
 * The sandbox provider's installment answers (issue 27 §3), shaped like iyzico's for its test cards: each
 * credit-card family has its own counts and the bank's interest (basis points added to the whole amount), some
 * with interest-free counts the way Turkish bank campaigns run. Debit and prepaid cards, American Express and
 * cards of no known family pay only in one go, as at iyzico. The fake iyzico server answers from the same table.
 */
export const SANDBOX_INSTALLMENT_RATES: Record<string, Record<number, number>> = {
  // interest-free 2 and 3, interest from 6
  Bonus: { 2: 0, 3: 0, 6: 690, 9: 1090, 12: 1490 },
  Maximum: { 2: 0, 3: 0, 6: 850, 9: 1250, 12: 1650 },
  CardFinans: { 2: 0, 3: 0, 6: 880, 9: 1280 },
  // interest on every count
  World: { 2: 320, 3: 460, 6: 890, 9: 1290 },
  Axess: { 2: 300, 3: 450, 6: 870, 9: 1270, 12: 1690 },
  Paraf: { 2: 310, 3: 470, 6: 900, 9: 1310 },
};

/** Which counts a card gets: nothing beyond the single payment for debit, prepaid, AMEX or an unknown family. */
export function sandboxRatesFor(card: Pick<CardInfo, "cardType" | "association" | "family">): Record<number, number> {
  if (card.cardType !== "CREDIT_CARD" || card.association === "AMERICAN_EXPRESS" || !card.family) return {};
  return SANDBOX_INSTALLMENT_RATES[card.family] ?? {};
}

/** The table for an amount: the single payment first, then each count with its monthly amount and total. */
export function sandboxInstallmentOptions(card: Pick<CardInfo, "cardType" | "association" | "family">, amount: Kurus): InstallmentOption[] {
  const options: InstallmentOption[] = [{ count: 1, monthly: amount, total: amount }];
  for (const [n, bp] of Object.entries(sandboxRatesFor(card))) {
    const count = Number(n);
    const total = roundHalfAwayFromZero((amount * (10_000 + bp)) / 10_000);
    options.push({ count, monthly: roundHalfAwayFromZero(total / count), total });
  }
  return options.sort((a, b) => a.count - b.count);
}
