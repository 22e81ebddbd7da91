import { createHash } from "node:crypto";
import { z } from "zod";
import { discountLabel, type Summary } from "~/shared/amounts";
import { formatDateTr, formatDayTr, istanbulDate, istanbulParts, type IsoDate } from "~/shared/clock";
import { formatAmount, formatCost } from "~/shared/money";
import { contractsTr as c } from "~/shared/texts/contracts.tr";
import { fmt } from "~/shared/texts/tr";
import type { ContractDoc } from "~/shared/contract-doc";
import { contractsKeptTr } from "~/shared/texts/contracts-kept.tr";
import { formatIban } from "~/shared/seller";
import { getSellerIdentity, sellerAddress } from "../seller/service";

/**
 * Generates the pre-information form and the distance-sales contract from one order's real data.
 * The result is plain structured text (no HTML): rendered escaped on the confirm page and stored with the order.
 */
export interface ContractParty {
  name: string;
  address: string;
  phone: string;
  email: string;
  billing?: string;
}

export interface ContractInput {
  date: IsoDate;
  orderNumber?: string;
  buyer: ContractParty;
  lines: { name: string; quantity: number; unitPrice: number }[];
  amounts: Summary;
  deliveryTypeLabel: string;
  deliveryDetails: string;
  readyDate: IsoDate;
  estimatedDelivery: IsoDate | null;
}

export type { ContractDoc, ContractSection } from "~/shared/contract-doc";

const money = (k: number) => formatAmount(k);

/** The seller as configured (issue 26 §1): every fact the form and the contract must name. */
function sellerRows(): string[] {
  const s = getSellerIdentity();
  const l = c.labels;
  return [
    `${l.title}: ${s.title}`,
    `${l.address}: ${sellerAddress(s)}`,
    `${l.phone}: ${s.phone}`,
    `${l.email}: ${s.email}`,
    `${l.kep}: ${s.kep}`,
    `${l.mersis}: ${s.mersis}`,
    `${l.tax}: ${s.taxOffice} / ${s.vkn}`,
    `${l.web}: ${s.web}`,
    `${l.etbis}: ${s.etbis.number}`,
    ...(s.bank ? [`${l.bank}: ${s.bank.name} / ${formatIban(s.bank.iban)}`] : []),
  ];
}

function buyerRows(b: ContractParty): string[] {
  const l = c.labels;
  return [`${l.name}: ${b.name}`, `${l.address}: ${b.address}`, `${l.phone}: ${b.phone}`, `${l.email}: ${b.email}`, ...(b.billing ? [`${l.billing}: ${b.billing}`] : [])];
}

function goodsTable(input: ContractInput): string[][] {
  const l = c.labels;
  const a = input.amounts;
  return [
    [l.product, l.quantity, l.unitPrice, l.lineTotal],
    ...input.lines.map((x) => [x.name, String(x.quantity), money(x.unitPrice), money(x.unitPrice * x.quantity)]),
    [l.productTotal, "", "", money(a.productTotal)],
    ...(a.discountAmount ? [[discountLabel(a.promoCode), "", "", `-${money(a.discountAmount)}`]] : []),
    ...(a.usedBonus ? [[l.usedBonus, "", "", `-${money(a.usedBonus)}`]] : []),
    [l.deliveryCost, "", "", formatCost(a.deliveryCost)],
    [l.total, "", "", money(a.needToPay)],
  ];
}

function deliveryParagraph(input: ContractInput): string {
  return fmt(c.preInfo.deliveryText, {
    deliveryType: input.deliveryTypeLabel,
    details: input.deliveryDetails ? `${input.deliveryDetails}.` : "",
    readyDate: formatDayTr(input.readyDate),
    estimatedDelivery: input.estimatedDelivery ? formatDayTr(input.estimatedDelivery) : "-",
  });
}

export function preInformationForm(input: ContractInput): ContractDoc {
  const s = c.preInfo.sections;
  return {
    title: c.preInfo.title,
    sections: [
      { heading: s.seller, paragraphs: sellerRows() },
      { heading: s.buyer, paragraphs: buyerRows(input.buyer) },
      { heading: s.goods, paragraphs: [c.preInfo.goodsIntro], table: goodsTable(input) },
      { heading: s.payment, paragraphs: [c.preInfo.paymentText, deliveryParagraph(input), c.preInfo.deliveryTerms] },
      { heading: s.withdrawal, paragraphs: [c.preInfo.withdrawalText] },
      { heading: s.complaints, paragraphs: [c.preInfo.complaintsText] },
    ],
  };
}

export function distanceSalesContract(input: ContractInput): ContractDoc {
  const a = c.contract.articles;
  const head = input.orderNumber ? [`${c.labels.orderNumber}: ${input.orderNumber}`] : [];
  return {
    title: c.contract.title,
    sections: [
      { heading: a.parties, paragraphs: [`${c.labels.seller}:`, ...sellerRows(), `${c.labels.buyer}:`, ...buyerRows(input.buyer)] },
      { heading: a.subject, paragraphs: [...head, c.contract.subjectText] },
      { heading: a.goods, paragraphs: [], table: goodsTable(input) },
      { heading: a.delivery, paragraphs: [deliveryParagraph(input), c.contract.deliveryText] },
      { heading: a.withdrawal, paragraphs: [c.contract.withdrawalText] },
      { heading: a.obligations, paragraphs: [c.contract.obligationsText] },
      { heading: a.default, paragraphs: [c.contract.defaultText] },
      { heading: a.jurisdiction, paragraphs: [fmt(c.contract.jurisdictionText, { date: formatDateTr(input.date) })] },
    ],
  };
}

/** Plain-text form of a document (stored with the order and used in mails). */
export function contractText(doc: ContractDoc): string {
  return [
    doc.title,
    "",
    ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.table?.map((r) => r.filter(Boolean).join(" | ")) ?? []), ""]),
  ].join("\n");
}

// ─── the texts as accepted, kept with the order (issue 26 §3) ─────────────────────────────────────

/**
 * What the order stores in `orders.contracts`: both documents exactly as the buyer accepted them (structured, to
 * show them again, and as plain text), the version of the templates, when, and a SHA-256 of the two texts so a
 * later change of the stored row can be noticed.
 */
export interface AcceptedContracts {
  version: string;
  acceptedAt: string;
  sha256: string;
  preInfo: string;
  distanceSales: string;
  docs: { preInfo: ContractDoc; distanceSales: ContractDoc } | null;
}

const docSchema = z.object({
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()), table: z.array(z.array(z.string())).optional() })),
});
// orders placed before issue 26 stored the two texts and the time only
const storedSchema = z.object({
  version: z.string().optional(),
  acceptedAt: z.string(),
  sha256: z.string().optional(),
  preInfo: z.string(),
  distanceSales: z.string(),
  docs: z.object({ preInfo: docSchema, distanceSales: docSchema }).nullish(),
});

const digest = (preInfo: string, distanceSales: string) => createHash("sha256").update(preInfo).update("\n\u0000\n").update(distanceSales).digest("hex");

/** The two documents for this order's data as the buyer accepts them now: the one call order placement makes. */
export function acceptedContracts(input: ContractInput | null, at: Date): AcceptedContracts | null {
  if (!input) return null;
  const docs = { preInfo: preInformationForm(input), distanceSales: distanceSalesContract(input) };
  const preInfo = contractText(docs.preInfo);
  const distanceSales = contractText(docs.distanceSales);
  return { version: c.version, acceptedAt: at.toISOString(), sha256: digest(preInfo, distanceSales), preInfo, distanceSales, docs };
}

/** The stored documents of an order (null when it has none); `intact` says whether the texts still match their digest. */
export function readAcceptedContracts(stored: unknown): (AcceptedContracts & { intact: boolean | null }) | null {
  const r = storedSchema.safeParse(stored);
  if (!r.success) return null;
  const v = r.data;
  return {
    version: v.version ?? "",
    acceptedAt: v.acceptedAt,
    sha256: v.sha256 ?? "",
    preInfo: v.preInfo,
    distanceSales: v.distanceSales,
    docs: v.docs ?? null,
    intact: v.sha256 ? v.sha256 === digest(v.preInfo, v.distanceSales) : null,
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** "Sipariş no: … · Metin sürümü: … · Onay tarihi: 23 Kasım 2026 14:05" (Istanbul time). */
export function keptMetaLine(meta: { orderNumber: string; version: string; acceptedAt: string }): string {
  const at = new Date(meta.acceptedAt);
  const p = istanbulParts(at);
  const time = `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
  return fmt(contractsKeptTr.meta, { number: meta.orderNumber, version: meta.version || "-", date: `${formatDateTr(istanbulDate(at))} ${time}` });
}

/** One document as a self-contained HTML file (the confirmation mail's attachment: a durable copy). */
export function contractHtml(doc: ContractDoc, meta: { orderNumber: string; version: string; acceptedAt: string }): string {
  const body = doc.sections
    .map(
      (s) =>
        `<h2>${esc(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${esc(p)}</p>`).join("")}${
          s.table ? `<table>${s.table.map((r) => `<tr>${r.map((cell) => `<td>${esc(cell)}</td>`).join("")}</tr>`).join("")}</table>` : ""
        }`,
    )
    .join("\n");
  const head = keptMetaLine(meta);
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(doc.title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;max-width:40rem;margin:1rem auto;padding:0 1rem;line-height:1.5;color:#222}h1{font-size:1.3rem}h2{font-size:1.05rem;margin-top:1.2rem}table{border-collapse:collapse;width:100%;font-size:.9rem}td{border-bottom:1px solid #ddd;padding:.25rem .4rem}</style></head>
<body><h1>${esc(doc.title)}</h1><p><small>${esc(head)}</small></p>
${body}</body></html>`;
}
