/**
 * The two ways the shop folds letter case (issue 22). Every comparison or search that ignores case goes through
 * one of these (and, in SQL, through `app/.server/db/search.ts`, which folds the same way):
 *
 * - identifiers — e-mail addresses, prize-game nicknames (social-network user names: ASCII), promo and prize
 *   codes, card holders, URL schemes — fold WITHOUT the Turkish locale: I, İ, ı and i are one letter, so a
 *   phone's capital 'Irmak_x' and 'irmak_x' (or a Turkish keyboard's 'İ'/'ı') are the same account;
 * - Turkish text that people compare or search — names, cities, product names, messages — folds WITH it:
 *   'Işık' = 'ışık', 'İstanbul' = 'istanbul', and 'I' is not 'i'.
 */

/** Lower-case key of an identifier: 'Irmak_X', 'İRMAK_x' and 'ırmak_x' all give 'irmak_x'. */
export function foldIdentifier(s: string): string {
  return s
    .normalize("NFC")
    .replace(/[İIı]/g, "i")
    .replace(/i\u0307/g, "i")
    .toLowerCase();
}

/** Upper-case form of an identifier that is written in capitals (promo and prize codes): 'hoşgeldin10' → 'HOŞGELDIN10'. */
export function upperIdentifier(s: string): string {
  return foldIdentifier(s).toUpperCase();
}

/** Lower-case key of Turkish text for people's comparisons and searches: 'IŞIK' → 'ışık', 'İstanbul' → 'istanbul'. */
export function foldTurkish(s: string): string {
  return s.normalize("NFC").toLocaleLowerCase("tr");
}

/**
 * Key of Turkish text for product search (issue 27): folded the Turkish way, then without diacritics, so
 * 'KIŞ', 'kış', 'Kis' and 'kis' give 'kis', 'İSTANBUL' and 'istanbul' give 'istanbul', 'Çikolata' gives
 * 'cikolata' (ç ğ ö ş ü â î û lose their marks by Unicode decomposition; the dotless ı is mapped to i). Only for
 * finding things, never for comparing names or identifiers.
 */
export function foldSearch(s: string): string {
  return foldTurkish(s).normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ı/g, "i");
}
