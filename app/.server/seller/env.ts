import { parsePhoneNumberFromString } from "libphonenumber-js";
import { isValidVkn } from "~/shared/tax-id";
import { isValidMersis, isValidTrIban, type SellerIdentity } from "~/shared/seller";

/**
 * The SELLER_* variables (read by app/.server/config.ts, the only reader of process.env): their rules, and the
 * demo's example identity. Production refuses to start without a complete identity (decision 0032); elsewhere,
 * when no SELLER_* variable is set at all, the shop runs with EXAMPLE_SELLER, marked "ÖRNEK" wherever it shows.
 */
export const SELLER_REQUIRED = [
  "SELLER_TITLE",
  "SELLER_MERSIS",
  "SELLER_VKN",
  "SELLER_TAX_OFFICE",
  "SELLER_ADDRESS",
  "SELLER_DISTRICT",
  "SELLER_CITY",
  "SELLER_POSTAL_CODE",
  "SELLER_KEP",
  "SELLER_PHONE",
  "SELLER_EMAIL",
  "SELLER_ETBIS_NUMBER",
  "SELLER_ETBIS_URL",
] as const;
export const SELLER_OPTIONAL = ["SELLER_BRAND", "SELLER_WEB", "SELLER_BANK", "SELLER_IBAN"] as const;
export type SellerVar = (typeof SELLER_REQUIRED)[number] | (typeof SELLER_OPTIONAL)[number];
export type SellerEnv = Partial<Record<SellerVar, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (min: number, max: number) => (v: string) => v.trim().length >= min && v.length <= max;
const https = (v: string) => {
  try {
    return new URL(v).protocol === "https:";
  } catch {
    return false;
  }
};

/** One rule per variable: a check and the message a config error prints. */
export const SELLER_RULES: Record<SellerVar, [(v: string) => boolean, string]> = {
  SELLER_TITLE: [text(3, 200), "must be the registered title (3–200 characters)"],
  SELLER_BRAND: [text(1, 80), "must be 1–80 characters"],
  SELLER_MERSIS: [isValidMersis, "must be a MERSİS number: 16 digits"],
  SELLER_VKN: [isValidVkn, "must be a VKN: 10 digits with a valid check digit"],
  SELLER_TAX_OFFICE: [text(2, 80), "must be the tax office's name (2–80 characters)"],
  SELLER_ADDRESS: [text(5, 200), "must be the street address (5–200 characters)"],
  SELLER_DISTRICT: [text(2, 60), "must be the district (2–60 characters)"],
  SELLER_CITY: [text(2, 60), "must be the city (2–60 characters)"],
  SELLER_POSTAL_CODE: [(v) => /^\d{5}$/.test(v), "must be a postal code: 5 digits"],
  SELLER_KEP: [(v) => EMAIL.test(v) && v.length <= 120, "must be a KEP address (name@…kep.tr)"],
  SELLER_PHONE: [(v) => parsePhoneNumberFromString(v, "TR")?.isValid() === true, "must be a Turkish phone number"],
  SELLER_EMAIL: [(v) => EMAIL.test(v) && v.length <= 120, "must be an e-mail address"],
  SELLER_WEB: [https, "must be an https:// address"],
  SELLER_ETBIS_NUMBER: [(v) => /^[\w-]{4,40}$/.test(v), "must be the ETBİS registration number (4–40 letters, digits, -)"],
  SELLER_ETBIS_URL: [https, "must be the https:// address of the ETBİS verification page"],
  SELLER_BANK: [text(2, 80), "must be the bank's name (2–80 characters)"],
  SELLER_IBAN: [isValidTrIban, "must be a Turkish IBAN (TR and 24 digits, valid check digits)"],
};

/** The demo's identity: every value plainly an example ("ÖRNEK"), never accepted in production. */
export const EXAMPLE_SELLER: SellerIdentity = {
  title: "ÖRNEK Kurabiye Atölyesi Gıda Sanayi ve Ticaret Ltd. Şti.",
  brand: "Kurabiye Atölyesi",
  mersis: "0999999999400015",
  vkn: "9999999994",
  taxOffice: "ÖRNEK Vergi Dairesi",
  address: { line: "ÖRNEK adres, Moda Cad. No: 12", district: "Kadıköy", city: "İstanbul", postalCode: "34710" },
  kep: "ornek@ornek.kep.tr",
  phone: "0 (216) 555 01 20",
  phoneE164: "+902165550120",
  email: "merhaba@kurabiyeatolyesi.com.tr",
  web: "https://www.kurabiyeatolyesi.com.tr",
  etbis: { number: "ORNEK-0000", url: "https://etbis.ticaret.gov.tr/" },
  bank: { name: "ÖRNEK Bankası", iban: "TR330006100519786457841326" },
  example: true,
};

/** EXAMPLE_SELLER as SELLER_* variables: for test harnesses that start the shop in production mode. */
export const EXAMPLE_SELLER_ENV: Record<SellerVar, string> = {
  SELLER_TITLE: EXAMPLE_SELLER.title,
  SELLER_BRAND: EXAMPLE_SELLER.brand,
  SELLER_MERSIS: EXAMPLE_SELLER.mersis,
  SELLER_VKN: EXAMPLE_SELLER.vkn,
  SELLER_TAX_OFFICE: EXAMPLE_SELLER.taxOffice,
  SELLER_ADDRESS: EXAMPLE_SELLER.address.line,
  SELLER_DISTRICT: EXAMPLE_SELLER.address.district,
  SELLER_CITY: EXAMPLE_SELLER.address.city,
  SELLER_POSTAL_CODE: EXAMPLE_SELLER.address.postalCode,
  SELLER_KEP: EXAMPLE_SELLER.kep,
  SELLER_PHONE: EXAMPLE_SELLER.phone,
  SELLER_EMAIL: EXAMPLE_SELLER.email,
  SELLER_WEB: EXAMPLE_SELLER.web,
  SELLER_ETBIS_NUMBER: EXAMPLE_SELLER.etbis.number,
  SELLER_ETBIS_URL: EXAMPLE_SELLER.etbis.url,
  SELLER_BANK: EXAMPLE_SELLER.bank!.name,
  SELLER_IBAN: EXAMPLE_SELLER.bank!.iban,
};

/** Problems with the SELLER_* variables: [variable, message] pairs, the first one is reported. */
export function sellerEnvIssues(env: SellerEnv, production: boolean): [SellerVar, string][] {
  // `production`: a real shop in production (NODE_ENV=production and SEED other than demo); see config.ts
  const issues: [SellerVar, string][] = [];
  const anySet = [...SELLER_REQUIRED, ...SELLER_OPTIONAL].some((k) => env[k] !== undefined);
  if (!production && !anySet) return issues;
  for (const k of SELLER_REQUIRED) {
    if (env[k] === undefined) issues.push([k, production ? "is required in production with SEED=catalog or none (the seller's identity, decision 0032)" : "is required once any SELLER_* variable is set"]);
  }
  for (const k of [...SELLER_REQUIRED, ...SELLER_OPTIONAL]) {
    const v = env[k];
    if (v !== undefined && !SELLER_RULES[k][0](v)) issues.push([k, SELLER_RULES[k][1]]);
  }
  if ((env.SELLER_BANK === undefined) !== (env.SELLER_IBAN === undefined)) issues.push([env.SELLER_BANK ? "SELLER_IBAN" : "SELLER_BANK", "must be set together with SELLER_BANK / SELLER_IBAN"]);
  return issues;
}

/** The identity from valid SELLER_* variables (sellerEnvIssues found nothing), or the example when none is set. */
export function sellerFromEnv(env: SellerEnv, fallbackWeb: string): SellerIdentity {
  if (env.SELLER_TITLE === undefined) return EXAMPLE_SELLER;
  const phone = parsePhoneNumberFromString(env.SELLER_PHONE!, "TR")!;
  return {
    title: env.SELLER_TITLE.trim(),
    brand: env.SELLER_BRAND?.trim() ?? EXAMPLE_SELLER.brand,
    mersis: env.SELLER_MERSIS!,
    vkn: env.SELLER_VKN!,
    taxOffice: env.SELLER_TAX_OFFICE!.trim(),
    address: { line: env.SELLER_ADDRESS!.trim(), district: env.SELLER_DISTRICT!.trim(), city: env.SELLER_CITY!.trim(), postalCode: env.SELLER_POSTAL_CODE! },
    kep: env.SELLER_KEP!,
    phone: env.SELLER_PHONE!.trim(),
    phoneE164: phone.number,
    email: env.SELLER_EMAIL!,
    web: (env.SELLER_WEB ?? fallbackWeb).replace(/\/$/, ""),
    etbis: { number: env.SELLER_ETBIS_NUMBER!, url: env.SELLER_ETBIS_URL! },
    bank: env.SELLER_BANK && env.SELLER_IBAN ? { name: env.SELLER_BANK.trim(), iban: env.SELLER_IBAN.replace(/\s+/g, "").toUpperCase() } : null,
    example: false,
  };
}
