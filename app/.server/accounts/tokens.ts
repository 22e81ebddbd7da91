import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, URL-safe (43 characters): session tokens, CSRF tokens, activation and reset codes. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this digest of a token is stored: a database leak does not hand out working links or sessions. */
export function digest(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
