import { checkoutTr } from "./texts/checkout.tr";

/**
 * Mobile phone as the delivery form takes it (SPEC §5): ten digits, no leading 0, no spaces,
 * and a Turkish mobile number (5xx). Returns the message to show, or null when valid.
 */
export function mobilePhoneError(value: string): string | null {
  if (value.startsWith("0")) return checkoutTr.phone.leadingZero;
  if (/\s/.test(value)) return checkoutTr.phone.space;
  if (!/^5\d{9}$/.test(value)) return checkoutTr.phone.invalid;
  return null;
}
