/**
 * The seller's identity (issue 26 §1): who sells, as the law wants it named on the site, in the contracts, on
 * invoices and in mails. Configured once (SELLER_* variables, app/.server/config.ts); read on the server with
 * `getSellerIdentity()` (app/.server/seller/service.ts). Pure helpers only: this file may reach the browser.
 */
export interface SellerIdentity {
  /** Unvan: the registered company name. */
  title: string;
  /** The name the shop trades under. */
  brand: string;
  /** MERSİS number, 16 digits. */
  mersis: string;
  /** Vergi kimlik numarası, 10 digits with its check digit. */
  vkn: string;
  taxOffice: string;
  address: { line: string; district: string; city: string; postalCode: string };
  /** Kayıtlı elektronik posta address. */
  kep: string;
  /** As shown to people, e.g. "0 (216) 555 01 20". */
  phone: string;
  /** E.164 form of `phone` for tel: links, e.g. "+902165550120". */
  phoneE164: string;
  email: string;
  /** The shop's web address (https://…). */
  web: string;
  etbis: { number: string; url: string };
  /** The bank account the contracts name (refunds by transfer); null when not configured. */
  bank: { name: string; iban: string } | null;
  /** True when these are the demo's example values (ÖRNEK), never in production. */
  example: boolean;
}

/** What every page's footer shows (sent to the browser). */
export type PublicSeller = Pick<SellerIdentity, "title" | "brand" | "mersis" | "kep" | "phone" | "phoneE164" | "email" | "etbis" | "example"> & { address: string };

export function publicSeller(s: SellerIdentity): PublicSeller {
  return { title: s.title, brand: s.brand, mersis: s.mersis, kep: s.kep, phone: s.phone, phoneE164: s.phoneE164, email: s.email, etbis: s.etbis, example: s.example, address: sellerAddress(s) };
}

/** The address on one line: "Moda Cad. No: 12, 34710 Kadıköy / İstanbul". */
export function sellerAddress(s: Pick<SellerIdentity, "address">): string {
  const a = s.address;
  return `${a.line}, ${a.postalCode} ${a.district} / ${a.city}`;
}

/** MERSİS number: 16 digits. */
export function isValidMersis(value: string): boolean {
  return /^\d{16}$/.test(value);
}

/** Turkish IBAN: TR, 2 check digits, 22 more digits (26 characters), checked with ISO 13616's mod 97. Spaces are ignored. */
export function isValidTrIban(value: string): boolean {
  const v = value.replace(/\s+/g, "").toUpperCase();
  if (!/^TR\d{24}$/.test(v)) return false;
  const moved = v.slice(4) + v.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}

/** An IBAN in groups of four, as banks print it. */
export function formatIban(value: string): string {
  return value
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})/g, "$1 ")
    .trim();
}
