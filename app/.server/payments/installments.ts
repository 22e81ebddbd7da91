import type { AppContext } from "../context";
import { singlePayment, type InstallmentOption, type InstallmentTable } from "~/shared/installments";
import type { Kurus } from "~/shared/money";
import { installmentsTr } from "~/shared/texts/installments.tr";
import type { PaymentGateway } from "./gateway";

/**
 * Installments (issue 27 §3), between the shop and the payment provider:
 *  - `installmentTable` answers the payment step's question "what can this card pay in, for this amount?" from
 *    the provider's installment query (iyzico /payment/iyzipos/installment; the sandbox answers the same way).
 *    Answers are kept briefly per process (BIN and amount); a provider that does not answer gives the single
 *    payment only, so the form still works.
 *  - `priceInstallment` is the server's own reckoning at payment: it asks the provider again (never the cache)
 *    and refuses, in Turkish, a count the card does not get or a total that is not the one the shopper saw.
 * The payments service calls these with its gateway; nothing here touches the database.
 */

const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 500;

const caches = new WeakMap<AppContext, Map<string, { at: number; table: InstallmentTable }>>();

export const validBin = (bin: string) => /^\d{6}(\d{2})?$/.test(bin);

async function ask(app: AppContext, gw: PaymentGateway, bin: string, amount: Kurus): Promise<InstallmentTable> {
  const r = await gw.installments({ bin, amount, conversationId: `inst-${bin}-${amount}` });
  if (!r.ok) {
    app.log.warn({ provider: gw.name, bin, code: r.code }, "installment query failed: single payment only");
    return { bin, options: [singlePayment(amount)], queried: false };
  }
  const options = r.options.some((o) => o.count === 1) ? r.options : [singlePayment(amount), ...r.options];
  return { bin, cardType: r.cardType, association: r.association, family: r.family, bankName: r.bankName, options, queried: true };
}

/** The installment table for a card's BIN (6 or 8 digits) and an amount in kuruş. */
export async function installmentTable(app: AppContext, gw: PaymentGateway, bin: string, amount: Kurus): Promise<InstallmentTable> {
  if (!validBin(bin) || !Number.isSafeInteger(amount) || amount <= 0) return { bin, options: [singlePayment(Math.max(0, amount))], queried: false };
  let cache = caches.get(app);
  if (!cache) caches.set(app, (cache = new Map()));
  const key = `${gw.name}:${bin}:${amount}`;
  const now = app.clock.now().getTime();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.table;
  const table = await ask(app, gw, bin, amount);
  if (table.queried) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: now, table });
  }
  return table;
}

export type PricedInstallment = { ok: true; option: InstallmentOption } | { ok: false; code: "installment"; message: string };

/**
 * What the card is charged for `count` installments of `amount`, asked afresh from the provider. `expectedTotal`
 * is the total the shopper saw and chose: a different one (rates changed, or a tampered form) is refused.
 */
export async function priceInstallment(
  app: AppContext,
  gw: PaymentGateway,
  req: { bin: string; amount: Kurus; count: number; expectedTotal?: Kurus },
): Promise<PricedInstallment> {
  const refuse = (message: string): PricedInstallment => ({ ok: false, code: "installment", message });
  if (!Number.isInteger(req.count) || req.count < 1 || req.count > 12) return refuse(installmentsTr.errors.changed);
  if (req.count === 1) {
    return req.expectedTotal === undefined || req.expectedTotal === req.amount ? { ok: true, option: singlePayment(req.amount) } : refuse(installmentsTr.errors.changed);
  }
  if (!validBin(req.bin)) return refuse(installmentsTr.errors.changed);
  const table = await ask(app, gw, req.bin, req.amount);
  if (!table.queried) return refuse(installmentsTr.errors.unavailable);
  const option = table.options.find((o) => o.count === req.count);
  if (!option || (req.expectedTotal !== undefined && option.total !== req.expectedTotal)) return refuse(installmentsTr.errors.changed);
  return { ok: true, option };
}

/** A payment's installment charge: the count, and what the card is charged (`price` plus the bank's interest). */
export interface InstallmentCharge {
  count: number;
  price: Kurus;
  paid: Kurus;
}

/**
 * The charge for a payment's installment choice (none: the single payment), priced by the server; the refusal
 * (Turkish) when the count or the total the shopper saw is not what the provider gives this card.
 */
export async function chargeFor(
  app: AppContext,
  gw: PaymentGateway,
  amount: Kurus,
  bin: string | null,
  choice: { count: number; total?: Kurus } | undefined,
): Promise<({ ok: true } & InstallmentCharge) | { ok: false; code: "installment"; message: string }> {
  if (!choice || (choice.count === 1 && choice.total === undefined)) return { ok: true, count: 1, price: amount, paid: amount };
  const priced = await priceInstallment(app, gw, { bin: bin ?? "", amount, count: choice.count, expectedTotal: choice.total });
  if (!priced.ok) {
    app.log.warn({ bin, amount, count: choice.count, total: choice.total }, "installment refused at payment");
    return priced;
  }
  return { ok: true, count: priced.option.count, price: amount, paid: priced.option.total };
}

/** The fields of a gateway request for a charge (`amount` stays the order's price). */
export const requestFields = (c: InstallmentCharge) => ({ installment: c.count, paidAmount: c.paid });
/** The fields of a payment row for a charge: `amount` is what the card is charged. */
export const intentFields = (c: InstallmentCharge) => ({ amount: c.paid, price: c.price, installment: c.count });
