import { z } from "zod/mini";
import { LIMITS } from "./constants";
import { upperIdentifier } from "./fold";
import { preprocess } from "./zod-mini";
import { fmt } from "./texts/tr";
import { paymentTr } from "./texts/payment.tr";

/**
 * Card rules of SPEC §5 (payment form), shared by the browser form and the server:
 * card type by number prefix, Luhn, expiry against a passed-in "now", and the zod schema of the card entry.
 * Nothing here keeps or logs a card number.
 */

export const CARD_TYPES = [
  "VisaElectron",
  "Visa",
  "Mastercard",
  "AMEX",
  "Discover",
  "Diners",
  "DinersCarteBlanche",
  "JCB",
  "Troy",
  "Unknown",
] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Prefix rules, most specific first (Visa Electron before Visa, Carte Blanche before Diners). */
const PREFIXES: [CardType, RegExp][] = [
  ["VisaElectron", /^(4026|417500|4405|4508|4844|4913|4917)/],
  ["Visa", /^4/],
  ["Mastercard", /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720|5890)/],
  ["AMEX", /^3[47]/],
  ["Troy", /^9792/],
  ["Discover", /^(6011|64[4-9]|65|622(?:12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/],
  ["DinersCarteBlanche", /^30[0-5]/],
  ["Diners", /^(36|38|39|3095)/],
  ["JCB", /^(352[89]|35[3-8]\d|2131|1800)/],
];

/** Card type by number prefix; works on partial input so the logo can follow typing. */
export function cardTypeOf(number: string): CardType {
  const digits = number.replace(/\D/g, "");
  if (!digits) return "Unknown";
  for (const [type, re] of PREFIXES) if (re.test(digits)) return type;
  return "Unknown";
}

/** Card association names the provider uses (iyzico `cardAssociation`) mapped to our card types. */
export function cardTypeOfAssociation(association: string | null | undefined, bin?: string): CardType {
  switch (upperIdentifier(association ?? "")) {
    case "VISA":
      return bin && cardTypeOf(bin) === "VisaElectron" ? "VisaElectron" : "Visa";
    case "MASTER_CARD":
      return "Mastercard";
    case "AMERICAN_EXPRESS":
      return "AMEX";
    case "TROY":
      return "Troy";
    default:
      return bin ? cardTypeOf(bin) : "Unknown";
  }
}

/** Logo image per card type (static files in public/img/cards). */
export function cardLogo(type: CardType): string {
  const file: Record<CardType, string> = {
    VisaElectron: "visa",
    Visa: "visa",
    Mastercard: "mastercard",
    AMEX: "amex",
    Discover: "card",
    Diners: "card",
    DinersCarteBlanche: "card",
    JCB: "card",
    Troy: "troy",
    Unknown: "card",
  };
  return `/img/cards/${file[type]}.svg`;
}

export function luhnValid(number: string): boolean {
  if (!/^\d{2,19}$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Years offered in the expiry select: the current year and the eleven after it (SPEC: 2020–2031 in 2020). */
export function expiryYears(now: { year: number }): number[] {
  return Array.from({ length: 12 }, (_, i) => now.year + i);
}

export type ExpiryProblem = "monthInvalid" | "yearInvalid" | "monthPast" | "yearPast";

/** Expiry rule of SPEC §5, against the caller's "now" (Istanbul year and month). */
export function expiryProblem(month: number, year: number, now: { year: number; month: number }): ExpiryProblem | null {
  if (!Number.isInteger(month) || month < 1 || month > 12) return "monthInvalid";
  if (!Number.isInteger(year)) return "yearInvalid";
  if (year < now.year) return "yearPast";
  if (year > now.year + 11) return "yearInvalid";
  if (year === now.year && month < now.month) return "monthPast";
  return null;
}

export function expiryMessage(problem: ExpiryProblem, now: { year: number }): string {
  const v = paymentTr.validation;
  if (problem === "yearInvalid") return fmt(v.yearInvalid, { first: now.year, last: now.year + 11 });
  return v[problem];
}

/** Last four digits shown for a card; never more. */
export function lastFour(number: string): string {
  return number.replace(/\D/g, "").slice(-4);
}

/** BIN: the first six digits (what the provider's BIN lookup takes). */
export function binOf(number: string): string {
  return number.replace(/\D/g, "").slice(0, 6);
}

const v = paymentTr.validation;

/** Card number: digits only, no spaces, 15–16 digits, Luhn. Used by the form and the server alike. */
export const cardNumberSchema = z.string({ error: v.cardNumberRequired }).check(
  z.minLength(1, v.cardNumberRequired),
  z.superRefine((s: string, ctx) => {
    if (s === "") return; // 'required' said it
    if (/\s/.test(s)) return void ctx.addIssue({ code: "custom", message: v.cardNumberSpaces });
    if (!/^\d+$/.test(s)) return void ctx.addIssue({ code: "custom", message: v.cardNumberDigits });
    if (s.length < LIMITS.cardNumberMin || s.length > LIMITS.cardNumberInputMax) {
      return void ctx.addIssue({ code: "custom", message: v.cardNumberLength });
    }
    if (!luhnValid(s)) ctx.addIssue({ code: "custom", message: v.cardNumberInvalid });
  }),
);

const chosen = (x: unknown) => (x === "" || x === undefined || x === null ? undefined : Number(x));

/**
 * The security code's length for the card typed, with a message that names that card's rule: AMEX 4 digits, the
 * others 3; '3 or 4' only while the card type is not known yet. Null when it fits (or is not all digits: the
 * field's own check says so).
 */
export function secCodeProblem(type: CardType, code: string): string | null {
  if (!/^\d+$/.test(code)) return null;
  if (type === "AMEX") return code.length === 4 ? null : v.secCodeFour;
  if (type === "Unknown") return code.length === 3 || code.length === 4 ? null : v.secCodeInvalid;
  return code.length === 3 ? null : v.secCodeThree;
}

/** The card entry of the payment form (SPEC §3 Payment form cardEntry), validated against "now". */
export function cardEntrySchema(now: { year: number; month: number }) {
  const entry = z
    .object({
      creditCardNumber: cardNumberSchema,
      cardHolder: z
        .string({ error: v.cardHolderRequired })
        .check(z.trim(), z.minLength(1, v.cardHolderRequired), z.maxLength(LIMITS.cardHolderMax, v.cardHolderTooLong)),
      // an unchosen select ('') is the field's own 'please choose' message, not a range error
      month: preprocess(chosen, z.number({ error: v.monthRequired }).check(z.int(v.monthInvalid))),
      year: preprocess(chosen, z.number({ error: v.yearRequired }).check(z.int(v.yearRequired))),
      secCode: z.string({ error: v.secCodeRequired }).check(z.minLength(1, v.secCodeRequired), z.regex(/^\d*$/, v.secCodeDigits)),
    })
    .check(
      z.superRefine((c, ctx) => {
        if (typeof c.month !== "number" || typeof c.year !== "number") return; // each has its own message already
        const p = expiryProblem(c.month, c.year, now);
        if (p) ctx.addIssue({ code: "custom", path: [p.startsWith("month") ? "month" : "year"], message: expiryMessage(p, now) });
        const problem = secCodeProblem(cardTypeOf(c.creditCardNumber), c.secCode);
        if (problem) ctx.addIssue({ code: "custom", path: ["secCode"], message: problem });
      }),
    );
  return z.pipe(
    entry,
    z.transform((c: z.output<typeof entry>) => ({ ...c, cardType: cardTypeOf(c.creditCardNumber) })),
  );
}

export type CardEntry = z.output<ReturnType<typeof cardEntrySchema>>;
