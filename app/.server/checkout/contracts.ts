import { discountLabel, type Summary } from "~/shared/amounts";
import { formatDateTr, formatDayTr, type IsoDate } from "~/shared/clock";
import { formatAmount, formatCost } from "~/shared/money";
import { contractsTr as c } from "~/shared/texts/contracts.tr";
import { fmt } from "~/shared/texts/tr";
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

export interface ContractSection {
  heading: string;
  paragraphs: string[];
  table?: string[][];
}

export interface ContractDoc {
  title: string;
  sections: ContractSection[];
}

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
