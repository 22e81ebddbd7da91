import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { foldIdentifier, foldTurkish } from "~/shared/fold";

/**
 * Case-insensitive search in SQL, folding exactly as `app/shared/fold.ts` does in JavaScript. PostgreSQL's
 * `lower()`/`ilike` follow the database's locale (C.UTF-8 here, and in PGlite): 'I' becomes 'i' and 'İ', 'ı'
 * stay as they are, so neither rule of the shop holds with them. The I-letters are mapped first with
 * `translate`, the rest is `lower()`.
 */

/** `%…%` pattern for LIKE with the wildcards of the query escaped. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Turkish text folded the Turkish way: 'IŞIK' → 'ışık', 'İstanbul' → 'istanbul'. */
export function foldTurkishSql(column: SQLWrapper): SQL {
  return sql`lower(translate(${column}, 'IİŞÇĞÜÖÂÎÛ', 'ıişçğüöâîû'))`;
}

/** An identifier folded without the locale: I, İ, ı and i are one letter. */
export function foldIdentifierSql(column: SQLWrapper): SQL {
  return sql`lower(translate(${column}, 'İIı', 'iii'))`;
}

/** Turkish text (a name, a product, a message) contains what a person typed: 'ışık' finds 'IŞIK', 'istanbul' finds 'İstanbul'. */
export function textContains(column: SQLWrapper, q: string): SQL {
  return sql`${foldTurkishSql(column)} like ${likePattern(foldTurkish(q))}`;
}

/** An identifier (e-mail, code, nickname) contains what was typed, ignoring case without the locale. */
export function identifierContains(column: SQLWrapper, q: string): SQL {
  return sql`${foldIdentifierSql(column)} like ${likePattern(foldIdentifier(q))}`;
}
