import { z } from "zod/mini";
import { LIMITS } from "./constants";
import { foldIdentifier } from "./fold";
import { basketTr } from "./texts/basket.tr";
import { fmt } from "./texts/tr";

/**
 * Basket rules of SPEC §5 (gift note, media link, quantity, promo code): one set of schemas for the browser
 * and the server.
 */

/** Line quantity on the basket page: 1 to 999, digits only. */
export const lineQuantitySchema = z.coerce
  .number({ error: basketTr.errors.quantity })
  .check(z.int(basketTr.errors.quantity), z.gte(LIMITS.quantityMin, basketTr.errors.quantity), z.lte(LIMITS.quantityMax, basketTr.errors.quantity));

/**
 * The quantity a basket line's update form asks for: its field (1 to 999) plus its −/+ `step` (1 or -1; anything
 * else counts 0). Null when the field holds no quantity. The server checks the sum is still within 1…999.
 */
export function askedLineQuantity(form: FormData): number | null {
  const field = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  const typed = lineQuantitySchema.safeParse(field("quantity"));
  if (!typed.success) return null;
  const step = Number(field("step") || "0");
  return typed.data + (step === 1 || step === -1 ? step : 0);
}

export const giftNoteSchema = z.pipe(
  z.string().check(z.maxLength(LIMITS.giftNoteMax, fmt(basketTr.giftNote.tooLong, { max: LIMITS.giftNoteMax }))),
  // control characters (other than line breaks) have no place in a printed note
  z.transform((s: string) => stripControl(s).trim()),
);

/** Drops control characters other than line breaks. */
function stripControl(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c === 10 || c === 13 || (c >= 32 && c !== 127)) out += ch;
  }
  return out;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A media link as the buyer typed it → the link we store, or null when it is not a usable web address.
 * 'youtu.be/x' becomes 'https://youtu.be/x' (the spec opens links with a '//' prefix); only http and https are
 * accepted, so 'javascript:' or 'data:' never become links.
 */
export function normalizeMediaLink(raw: string): string | null {
  const typed = raw.trim();
  if (typed === "") return "";
  if (typed.length > LIMITS.mediaLinkMax || /\s/.test(typed)) return null;
  const scheme = foldIdentifier(SCHEME.exec(typed)?.[1] ?? "") || undefined;
  if (scheme && scheme !== "http" && scheme !== "https") return null;
  const withScheme = scheme ? typed : `https://${typed.replace(/^\/\//, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  // a real host name: letters, digits, hyphens, at least one dot and a top-level part of 2+ letters
  if (!/^(?:[a-z0-9\u00a1-\uffff-]+\.)+[a-z\u00a1-\uffff]{2,}$/i.test(url.hostname)) return null;
  return url.href.length > LIMITS.mediaLinkMax ? null : url.href;
}

export const mediaLinkSchema = z.pipe(
  z.string().check(z.maxLength(LIMITS.mediaLinkMax, fmt(basketTr.giftNote.linkTooLong, { max: LIMITS.mediaLinkMax }))),
  z.transform((s: string, ctx) => {
    const link = normalizeMediaLink(s);
    if (link === null) {
      ctx.issues.push({ code: "custom", message: basketTr.giftNote.linkInvalid, input: s });
      return z.NEVER;
    }
    return link;
  }),
);

/** Gift note form: the link only counts when the media toggle is on (otherwise an empty link is sent). */
export const giftNoteFormSchema = z.pipe(
  z.object({ notes: giftNoteSchema, withMedia: z.boolean(), link: z.string() }),
  z.transform((v: { notes: string; withMedia: boolean; link: string }, ctx) => {
    if (!v.withMedia) return { notes: v.notes, link: "" };
    const link = mediaLinkSchema.safeParse(v.link);
    if (!link.success) {
      ctx.issues.push({ code: "custom", path: ["link"], message: link.error.issues[0]?.message ?? basketTr.giftNote.linkInvalid, input: v.link });
      return z.NEVER;
    }
    return { notes: v.notes, link: link.data };
  }),
);

export const promoCodeSchema = z
  .string()
  .check(z.trim(), z.minLength(1, basketTr.promo.required), z.maxLength(40, basketTr.promo.errors.notFound), z.regex(/^[\p{L}\p{N}_-]+$/u, basketTr.promo.errors.notFound));
