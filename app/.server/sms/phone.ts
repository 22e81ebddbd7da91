import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * A buyer's number as an SMS can reach it: parsed with libphonenumber-js (full metadata, so the number's type
 * is known) as a Turkish number, kept only when it is a valid Turkish MOBILE number (landlines and other
 * countries get no SMS). `e164` is +905XXXXXXXXX; `international` is how staff read it (+90 532 123 45 67).
 */
export interface TrMobile {
  e164: string;
  international: string;
  /** 905XXXXXXXXX: the form SMS providers take (country code, no plus). */
  digits: string;
}

export function trMobile(raw: string | null | undefined): TrMobile | null {
  if (!raw) return null;
  const n = parsePhoneNumberFromString(raw.trim(), "TR");
  if (!n || n.country !== "TR" || !n.isValid() || n.getType() !== "MOBILE") return null;
  return { e164: n.number, international: n.formatInternational(), digits: n.number.slice(1) };
}
