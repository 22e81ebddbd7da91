import { z } from "zod/mini";
import { LIMITS } from "./constants";
import { foldIdentifier } from "./fold";
import { contactTr as t } from "./texts/contact.tr";

/** Contact form rules (SPEC §5): one schema for the browser and the server. */
export const FINDUS = ["instagram", "search", "facebook", "friend", "other"] as const;
export type Findus = (typeof FINDUS)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const contactSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, t.nameRequired), z.minLength(LIMITS.contactNameMin, t.nameMin), z.maxLength(100, t.nameMin)),
  email: z.pipe(
    z.string().check(
      z.trim(),
      z.maxLength(LIMITS.emailMax, t.emailInvalid),
      z.refine((v) => v === "" || EMAIL.test(v), t.emailInvalid),
    ),
    z.transform((v) => (v === "" ? null : foldIdentifier(v))),
  ),
  findus: z.enum(FINDUS, t.findusRequired),
  news: z.boolean(),
  message: z.string().check(z.trim(), z.minLength(1, t.messageRequired), z.maxLength(LIMITS.contactMessageMax, t.messageMax)),
});
export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = "name" | "email" | "findus" | "message";

export interface ContactValues {
  name: string;
  email: string;
  findus: string;
  news: boolean;
  message: string;
}

/** `news` starts off: commercial-message consent is opt-in (issue 26 §4; a recorded deviation from SPEC §5, decision 0034). */
export const EMPTY_CONTACT: ContactValues = { name: "", email: "", findus: "", news: false, message: "" };

/** Reads the posted form: an unticked checkbox is not sent, so `news` is true only when present. */
export function contactValuesFromForm(form: FormData): ContactValues {
  const s = (k: string) => (typeof form.get(k) === "string" ? String(form.get(k)) : "");
  return { name: s("name"), email: s("email"), findus: s("findus"), news: form.get("news") !== null, message: s("message") };
}

/** The contact form's hidden field carrying its send key (decision 0057). */
export const SEND_KEY_FIELD = "sendKey";

/** A send key as the browser makes it (`newSendKey`): 32 hex digits. Anything else is no key. */
export function sendKeyFromForm(form: FormData): string | null {
  const v = form.get(SEND_KEY_FIELD);
  return typeof v === "string" && /^[0-9a-f]{32}$/.test(v) ? v : null;
}

/** A new send key: 128 random bits (`getRandomValues` works on plain http too, unlike `randomUUID`). */
export function newSendKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Field → first message, empty when the form is valid. */
export function contactErrors(values: ContactValues): Partial<Record<ContactField, string>> {
  const r = contactSchema.safeParse(values);
  if (r.success) return {};
  const out: Partial<Record<ContactField, string>> = {};
  for (const issue of r.error.issues) {
    const key = issue.path[0] as ContactField;
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}
