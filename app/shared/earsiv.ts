import type { Kurus } from "./money";

/**
 * One e-Arşiv invoice as issued (issue 26 §2): the model both the UBL-TR XML and the human-readable copy are made
 * from. It is stored with the invoice and never recomputed, so the copy a buyer opens next year shows what was
 * issued. Isomorphic (the readable copy renders it); amounts in kuruş.
 */
export type EarsivKind = "SATIS" | "IADE";

/** GİB's 'bireysel' placeholder TCKN for a buyer who gave no identity number. */
export const ANONYMOUS_TCKN = "11111111111";

export interface EarsivAddress {
  street: string;
  district: string;
  city: string;
  country: string;
}

export interface EarsivParty {
  /** Company title, or the person's full name. */
  name: string;
  /** VKN (10 digits) for companies, TCKN (11 digits) for people. */
  idScheme: "VKN" | "TCKN";
  id: string;
  /** For a TCKN: the name split into first and family name (UBL-TR cac:Person). */
  person: { firstName: string; familyName: string } | null;
  taxOffice: string;
  address: EarsivAddress;
  phone: string;
  email: string;
}

export interface EarsivSeller extends EarsivParty {
  website: string;
  mersis: string;
  kep: string;
}

export interface EarsivLine {
  name: string;
  quantity: number;
  /** UN/ECE rec. 20: C62 'adet'. */
  unitCode: "C62";
  /** Unit price excluding tax. */
  unitNet: Kurus;
  /** Price × quantity excluding tax, before the line's share of the discount. */
  grossNet: Kurus;
  /** The line's share of the discount and points, excluding tax. */
  allowance: Kurus;
  /** What the line comes to excluding tax (grossNet − allowance). */
  net: Kurus;
  taxRateBp: number;
  tax: Kurus;
  delivery: boolean;
}

export interface EarsivDocument {
  kind: EarsivKind;
  /** 16 characters: series (3) + year (4) + sequence (9). */
  number: string;
  /** ETTN, UUID v4. */
  ettn: string;
  /** Istanbul calendar date and time of issue: 'YYYY-MM-DD', 'HH:MM:SS'. */
  issueDate: string;
  issueTime: string;
  orderNumber: string;
  orderDate: string;
  seller: EarsivSeller;
  buyer: EarsivParty;
  lines: EarsivLine[];
  /** Σ line grossNet (LineExtensionAmount). */
  lineExtension: Kurus;
  /** Discount and points, excluding tax (AllowanceTotalAmount). */
  allowanceTotal: Kurus;
  /** Net after allowances (TaxExclusiveAmount). */
  taxExclusive: Kurus;
  taxSubtotals: { rateBp: number; base: Kurus; amount: Kurus }[];
  taxTotal: Kurus;
  /** TaxInclusiveAmount = PayableAmount: what the buyer paid. */
  payable: Kurus;
  /** The internet-sale fields of the e-Arşiv guide. */
  internetSale: {
    website: string;
    /** GİB's payment-type code: KREDIKARTI/BANKAKARTI, EFT/HAVALE, KAPIDAODEME, ODEMEARACISI, DIGER. */
    paymentMethod: string;
    paymentDate: string;
    carrier: { name: string; id: string | null } | null;
    dispatchDate: string;
  };
  /** The paper travels with the goods and replaces the dispatch note (İrsaliye yerine geçer). */
  replacesDispatchNote: boolean;
  /** ELEKTRONIK: delivered by e-mail; KAGIT: printed. */
  sendType: "ELEKTRONIK" | "KAGIT";
  /** For an IADE: the invoice it returns. */
  returnOf: { number: string; ettn: string; issueDate: string } | null;
  notes: string[];
  /** Issued with the demo's example seller identity: the copy says so in large letters. */
  example: boolean;
}

/** 'KRB' + 2026 + 1 → 'KRB2026000000001'. */
export function formatInvoiceNumber(series: string, year: number, seq: number): string {
  if (!/^[A-Z0-9]{3}$/.test(series)) throw new Error(`invoice series must be 3 capital letters or digits: ${series}`);
  if (!Number.isInteger(seq) || seq < 1 || seq > 999_999_999) throw new Error(`invoice sequence out of range: ${seq}`);
  return `${series}${year}${String(seq).padStart(9, "0")}`;
}

export const INVOICE_NUMBER = /^[A-Z0-9]{3}\d{4}\d{9}$/;
