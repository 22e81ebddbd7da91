import { z } from "zod/mini";
import { fieldErrors } from "./zod-mini";
import { LIMITS } from "./constants";
import { foldIdentifier, foldTurkish } from "./fold";
import { fmt } from "./texts/tr";
import { accountTr } from "./texts/account.tr";

/**
 * Account rules shared by the browser and the server (SPEC §5 with DESIGN's password deviation).
 * The same schemas validate the forms before submit and the requests on the server.
 */

const v = accountTr.validation;

/**
 * Case-insensitive, Turkish-safe e-mail key: 'İ', 'I', 'ı' and 'i' all become 'i' (a Turkish keyboard's
 * capital I would otherwise lower-case to dotless 'ı'), then everything is lower-cased without a locale.
 */
export function normalizeEmail(raw: string): string {
  return foldIdentifier(raw.trim());
}

export const emailSchema = z.pipe(
  z.pipe(z.string().check(z.trim(), z.minLength(1, { error: v.emailRequired })), z.transform(normalizeEmail)),
  z.email({ error: v.emailInvalid }).check(z.minLength(LIMITS.emailMin, { error: v.emailInvalid }), z.maxLength(LIMITS.emailMax, { error: v.emailInvalid })),
);

/** A short list of the passwords tried first by attackers (OWASP ASVS 5.0 asks to refuse them). */
export const COMMON_PASSWORDS = new Set([
  "12345678", "123456789", "1234567890", "12341234", "11111111", "00000000", "87654321", "123123123",
  "password", "password1", "password123", "passw0rd", "qwertyui", "qwerty123", "qwertyuiop", "asdfghjk",
  "abcd1234", "aa123456", "1q2w3e4r", "iloveyou", "sunshine", "princess", "football", "baseball",
  "sifre123", "şifre123", "parola123", "parola12", "sifre1234", "galatasaray", "fenerbahce", "fenerbahçe",
  "besiktas", "beşiktaş", "trabzonspor", "kurabiye", "kurabiye123", "istanbul", "ankara06", "istanbul34",
]);

export function isCommonPassword(p: string): boolean {
  // the list holds Turkish words ('şifre123', 'fenerbahçe') and ASCII ones: either fold may find it
  return COMMON_PASSWORDS.has(foldTurkish(p)) || COMMON_PASSWORDS.has(foldIdentifier(p));
}

const lengthMsg = fmt(v.passwordLength, { min: LIMITS.passwordMin, max: LIMITS.passwordMax });

export const passwordSchema = z
  .string()
  .check(z.minLength(1, { error: v.passwordRequired }), z.minLength(LIMITS.passwordMin, { error: lengthMsg }), z.maxLength(LIMITS.passwordMax, { error: lengthMsg }));

export const newPasswordSchema = passwordSchema.check(z.refine((p) => !isCommonPassword(p), { error: v.passwordCommon }));

export const NAME_MAX = 60;

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

/** Registration controls are named as in the spec: frmEmail, frmPass1, frmPass2, frmName. */
export const registerSchema = z
  .object({
    frmEmail: emailSchema,
    frmPass1: newPasswordSchema,
    frmPass2: z.string(),
    frmName: z.string().check(z.trim(), z.minLength(1, { error: v.nameRequired }), z.maxLength(NAME_MAX, { error: fmt(v.nameTooLong, { max: NAME_MAX }) })),
  })
  .check(z.refine((f) => f.frmPass1 === f.frmPass2, { error: v.passwordsMustMatch, path: ["frmPass2"] }));

/** Forgot password: a valid e-mail of at least 5 characters, one message for every failure. */
export const forgotSchema = z.object({
  email: z.pipe(
    z.pipe(z.string().check(z.trim(), z.minLength(LIMITS.emailMin, { error: v.forgotEmail })), z.transform(normalizeEmail)),
    z.email({ error: v.forgotEmail }).check(z.maxLength(LIMITS.emailMax, { error: v.forgotEmail })),
  ),
});

export const activationSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, { error: v.codeRequired }), z.maxLength(200, { error: accountTr.activation.invalid })),
});

export type ResetProblem = "mismatch" | "fillAll" | "common";

/** The reset form: both fields 8–64; a mismatch is its own answer (the form is cleared). */
export function checkNewPasswords(newPass: string, repeat: string): { ok: true } | { ok: false; problem: ResetProblem; message: string } {
  const fillAll = fmt(accountTr.reset.fillAll, { min: LIMITS.passwordMin, max: LIMITS.passwordMax });
  const okLen = (p: string) => p.length >= LIMITS.passwordMin && p.length <= LIMITS.passwordMax;
  if (!okLen(newPass) || !okLen(repeat)) return { ok: false, problem: "fillAll", message: fillAll };
  if (newPass !== repeat) return { ok: false, problem: "mismatch", message: accountTr.reset.mismatch };
  if (isCommonPassword(newPass)) return { ok: false, problem: "common", message: v.passwordCommon };
  return { ok: true };
}

/** Reset links carry a long random code; anything of 16 characters or fewer is refused before any lookup. */
export const MIN_LINK_CODE_LENGTH = 17;

/** First error message per field, for showing next to the controls. */
export { fieldErrors };

/** Reads the named fields of a form as strings ('' when missing). */
export function formFields<K extends string>(form: FormData, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of keys) {
    const value = form.get(k);
    out[k] = typeof value === "string" ? value : "";
  }
  return out;
}

export const DEFAULT_AFTER_SIGN_IN = "/memberarea/home";

/**
 * A returnUrl is followed only when it is a path on this site: it must start with a single '/', may not
 * contain a backslash or control character, and may not lead back into the sign-in pages.
 */
export function safeReturnUrl(raw: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (!raw || raw.length > 1000) return fallback;
    if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\") || [...raw].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    return fallback;
  }
  try {
    const u = new URL(raw, "http://shop.invalid");
    if (u.origin !== "http://shop.invalid") return fallback;
    if (u.pathname === "/auth" || u.pathname.startsWith("/auth/")) return fallback;
    return u.pathname + u.search + u.hash;
  } catch {
    return fallback;
  }
}

export function initialOf(name: string): string {
  const first = name.trim().charAt(0);
  return first ? first.toLocaleUpperCase("tr") : "M";
}
