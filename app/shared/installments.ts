import { formatAmount, type Kurus } from "./money";
import { installmentsTr } from "./texts/installments.tr";
import { fmt } from "./texts/tr";

/**
 * Installments (issue 27 §3): what the provider offers for a card (by its BIN) and an amount, the shopper's
 * choice, and the product page's "₺X × N taksit" line from the seller's bank campaigns. Shared by the server
 * (which recomputes every price at payment) and the payment step (which only shows what the server said).
 */

/** One row of the table: N installments of `monthly`, `total` charged to the card (the bank's interest included). */
export interface InstallmentOption {
  count: number;
  monthly: Kurus;
  total: Kurus;
}

export interface InstallmentTable {
  bin: string;
  /** CREDIT_CARD, DEBIT_CARD, PREPAID_CARD */
  cardType?: string;
  association?: string;
  family?: string;
  bankName?: string;
  /** Always starts with the single payment (count 1, total = amount). */
  options: InstallmentOption[];
  /** false: the provider did not answer (or knows no installments for this card): only the single payment. */
  queried: boolean;
}

/** The counts a shop may offer (the provider's own answer decides which of them a card gets). */
export const INSTALLMENT_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const MAX_INSTALLMENTS = 12;

export const singlePayment = (amount: Kurus): InstallmentOption => ({ count: 1, monthly: amount, total: amount });

/** The interest the bank adds for this option (0 for the single payment and interest-free campaigns). */
export const interestOf = (option: Pick<InstallmentOption, "total">, amount: Kurus): Kurus => Math.max(0, option.total - amount);

/** A BIN the provider can be asked about: the card number's first 6 digits, or 8 for the newer 8-digit BINs. */
export function binFrom(digits: string): string | null {
  const d = digits.replace(/\D/g, "");
  return d.length >= 6 ? d.slice(0, d.length >= 8 ? 8 : 6) : null;
}

/** A valid count from form text ('' and anything odd: the single payment). */
export function parseInstallmentCount(text: unknown): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= MAX_INSTALLMENTS ? n : 1;
}

/** 'Tek çekim' or '3 taksit'. */
export const installmentName = (count: number): string => (count <= 1 ? installmentsTr.single : fmt(installmentsTr.countName, { count }));

/** '3 × ₺120,00 = ₺360,00' (monthly and total), or '₺360,00 tek çekim'. */
export function installmentSummary(o: InstallmentOption): string {
  return o.count <= 1 ? fmt(installmentsTr.singleSummary, { total: formatAmount(o.total) }) : fmt(installmentsTr.summary, { count: o.count, monthly: formatAmount(o.monthly), total: formatAmount(o.total) });
}

// ─── product page: the seller's bank campaigns ──────────────────────────────────────────────────

/**
 * A bank campaign the seller has with the provider: cards of these families pay in up to `count` installments
 * without interest for baskets of at least `minAmount`. Configured by staff (Site settings), audited.
 */
export interface InstallmentCampaign {
  /** Card families as the provider names them ('Bonus', 'World', 'Maximum', 'Axess', 'CardFinans', 'Paraf', …). */
  families: string[];
  count: number;
  minAmount: Kurus;
}

export interface ProductInstallmentLine {
  count: number;
  monthly: Kurus;
  families: string[];
}

/**
 * The product page's line for a price: the campaign with the most installments the price qualifies for
 * (ties: the one naming more card families). Null when none applies — no campaign configured, no line.
 */
export function productInstallmentLine(price: Kurus, campaigns: readonly InstallmentCampaign[]): ProductInstallmentLine | null {
  let best: InstallmentCampaign | null = null;
  for (const c of campaigns) {
    if (c.count < 2 || c.families.length === 0 || price < c.minAmount) continue;
    if (!best || c.count > best.count || (c.count === best.count && c.families.length > best.families.length)) best = c;
  }
  if (!best || price <= 0) return null;
  return { count: best.count, monthly: Math.ceil(price / best.count), families: best.families };
}

/** '₺40,00 × 3 taksitle (Bonus, World kartlara vade farksız)'. */
export function productInstallmentText(line: ProductInstallmentLine): string {
  return fmt(installmentsTr.productLine, { monthly: formatAmount(line.monthly), count: line.count, families: line.families.join(", ") });
}

// ─── an order's installments (mail, complete page, invoice, staff) ──────────────────────────────

export interface OrderInstallment {
  installmentCount: number;
  installmentInterest: Kurus;
  paidTotal: Kurus;
}

/** The monthly amount of a paid order (the bank rounds to the kuruş; the total is what counts). */
export const orderMonthly = (o: OrderInstallment): Kurus => Math.round(o.paidTotal / Math.max(1, o.installmentCount));

/**
 * The rows an order's papers add for installments: count and monthly amount, the bank's interest (when any) and
 * what the card paid. None for a single payment.
 */
export function installmentRows(o: OrderInstallment): [string, string][] {
  if (o.installmentCount <= 1) return [];
  const t = installmentsTr.order;
  return [
    [t.installment, fmt(t.line, { count: o.installmentCount, monthly: formatAmount(orderMonthly(o)) })],
    ...(o.installmentInterest > 0 ? [[t.interest, formatAmount(o.installmentInterest)] as [string, string]] : []),
    [t.paidTotal, formatAmount(o.paidTotal)],
  ];
}

// ─── staff's form for the campaigns: one campaign a line, 'families; count; minimum lira' ──────

/** The campaigns as staff edit them: 'Bonus, World; 3; 150' a line (minimum in lira, 0 for none). */
export function campaignLines(campaigns: readonly InstallmentCampaign[]): string {
  return campaigns.map((c) => `${c.families.join(", ")}; ${c.count}; ${c.minAmount % 100 === 0 ? c.minAmount / 100 : (c.minAmount / 100).toFixed(2).replace(".", ",")}`).join("\n");
}

/** Staff's lines read back; the first line that is not a campaign is named (1-based) in the refusal. */
export function parseCampaignLines(text: string): { ok: true; campaigns: InstallmentCampaign[] } | { ok: false; line: number } {
  const campaigns: InstallmentCampaign[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const [fam, cnt, min = "0", ...rest] = line.split(";").map((x) => x.trim());
    const families = [...new Set((fam ?? "").split(",").map((f) => f.trim()).filter(Boolean))];
    const count = Number(cnt);
    const lira = Number((min || "0").replace(/\./g, "").replace(",", "."));
    if (rest.length || families.length === 0 || families.length > 10 || families.some((f) => f.length > 30) || !Number.isInteger(count) || count < 2 || count > MAX_INSTALLMENTS || !Number.isFinite(lira) || lira < 0 || lira > 1_000_000) {
      return { ok: false, line: i + 1 };
    }
    campaigns.push({ families, count, minAmount: Math.round(lira * 100) });
  }
  return campaigns.length > 20 ? { ok: false, line: 21 } : { ok: true, campaigns };
}
