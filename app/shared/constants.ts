/**
 * Business constants of SPEC §9 that are not configuration. Each lives here once.
 * Rules that change with operations (prices, cutoffs, slots, thresholds) are database configuration instead.
 */
export const TIMING = {
  basketIconAnimationMs: 500,
  autoLoginWaitMs: 2000,
  noticeErrorMs: 3000,
  noticeDefaultMs: 3500,
  noticePromoErrorMs: 4000,
  noticeRegistrationMs: 4000,
  noticeMembershipMs: 5000,
  noticeGameMs: 5000,
  promoRedirectCountdownS: 20,
} as const;

export const LIMITS = {
  /** DESIGN deviation from the spec's 6–12: OWASP ASVS 5.0 */
  passwordMin: 8,
  passwordMax: 64,
  quantityMaxChars: 3,
  quantityMin: 1,
  quantityMax: 999,
  contactMessageMax: 500,
  contactNameMin: 3,
  quickMembershipNameMin: 3,
  cardNumberMin: 15,
  cardNumberInputMin: 13,
  cardNumberInputMax: 16,
  securityCodeMin: 3,
  securityCodeMax: 4,
  cardHolderMax: 50,
  emailMin: 5,
  emailMax: 70,
  giftNoteMax: 250,
  mediaLinkMax: 500,
  phoneLength: 10,
  addressMin: 10,
  addressMax: 250,
  fullNameMin: 6,
  fullNameMax: 50,
  addressNameMin: 2,
  addressNameMax: 40,
  taxIdMin: 10,
  taxIdMax: 11,
} as const;

/** The 'Sepeti Boşalt' button appears when the basket holds more than this many items. */
export const BASKET_CLEAR_ABOVE = 49;

/** Supported calendar years (SPEC §9). */
export const YEAR_RANGE = { first: 2020, last: 2031 } as const;

export const COOKIE_SIZES_G = [30, 60, 90, 160] as const;
export const SPECIAL_COOKIE_SIZE_G = 105;

export const TOP_FIVE_WINDOWS = ["30", "90", "180", "all"] as const;
export type TopFiveWindow = (typeof TOP_FIVE_WINDOWS)[number];
export const TOP_FIVE_DEFAULT: TopFiveWindow = "90";
/** How long the top five may lag behind new orders before it is counted again (ours, not SPEC §9). */
export const TOP_FIVE_REFRESH_MS = 10 * 60_000;

/**
 * Paths whose pages are shown without header and footer (SPEC §2.1). The red top and green bottom site messages
 * are part of the header (SPEC §2.3), so they are hidden on these pages too (issue 22).
 */
export const CHROMELESS_PREFIXES = ["mcapp", "print", "jpb", "advr", "efatura"] as const;

export function isChromeless(pathname: string): boolean {
  const first = pathname.replace(/^\/+/, "");
  return CHROMELESS_PREFIXES.some((p) => first.startsWith(p));
}
