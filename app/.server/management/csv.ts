import { stringify } from "csv-stringify/sync";

/**
 * CSV files for staff (issue 28 §1): RFC 4180 (comma separated, CRLF line ends, fields with a comma, quote or
 * line break quoted, quotes doubled) written by csv-stringify, in UTF-8 with a byte-order mark so Excel shows
 * Turkish letters. docs/decisions/0026.
 */

/**
 * A cell a spreadsheet will not run as a formula: text starting with = + - @ (or a tab or carriage return,
 * which some spreadsheets skip before looking) gets a leading apostrophe (OWASP 'CSV injection').
 */
export function csvCell(v: string | number | null | undefined): string {
  const s = v === null || v === undefined ? "" : String(v);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** The whole file: the header row, then the rows, every cell guarded. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return stringify([header.map(csvCell), ...rows.map((r) => r.map(csvCell))], { bom: true, record_delimiter: "windows" });
}

const lira = new Intl.NumberFormat("tr-TR", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
/** Kuruş as Turkish Excel reads a number: '1250,50' (no currency sign, no thousands separator). */
export const csvAmount = (kurus: number) => lira.format(kurus / 100);

/** An ISO day ('2026-12-03') as Turkish Excel reads a date: '03.12.2026'. */
export const csvDate = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}` : day);

/** A download answer for a CSV body. `filename` is ASCII (dates and digits). */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
