import { foldSearch, foldTurkish } from "~/shared/fold";

/**
 * Product search (issue 27 §1; docs/decisions/0020-product-search-in-process.md): an index of the cached
 * catalogue, built once per catalogue snapshot and searched in memory.
 *
 * - Every text is folded by `foldSearch` (Turkish case, dotted/dotless i, no diacritics) and cut into words.
 * - Each word of the query must be found in the product (any field): as a whole word, as the start of a word
 *   ('kurabiye' → 'kurabiyeler'), inside a word (4 letters and more), or with typos — one for words of 4–7
 *   letters, two from 8 — against a whole word or its start ('cikolta' → 'çikolatası', 'fistik' → 'fıstığı').
 * - The score adds, per query word, its best find weighted by the field (name before description, then the
 *   package contents, the ingredients and allergens, the long description) and by how it was found (whole word
 *   before start before inside before typo); a name that starts with or holds the whole query gets a bonus.
 *   Ties keep Turkish alphabetical order of the names.
 */

export const SEARCH_FIELDS = ["name", "desc", "packageContent", "contains", "allergens", "longDesc"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type Searchable = { id: number; name: string } & Record<SearchField, string>;

const FIELD_WEIGHT: Record<SearchField, number> = { name: 10, desc: 4, packageContent: 3, contains: 3, allergens: 3, longDesc: 2 };
const HOW = { word: 1, prefix: 0.8, infix: 0.5, typo: 0.6, typoPrefix: 0.5 } as const;
/** A query is cut to this many characters and words (a search box, not a document). */
export const MAX_QUERY_CHARS = 100;
const MAX_QUERY_WORDS = 8;

interface Posting {
  doc: number;
  field: SearchField;
}

export interface SearchIndex {
  docs: { id: number; name: string; foldedName: string }[];
  /** folded word → where it occurs */
  words: Map<string, Posting[]>;
  /** folded word of a product name → the word as written (lower case), for 'did you mean' */
  nameWords: Map<string, string>;
}

const WORD = /[\p{L}\p{N}]+/gu;
const wordsOf = (folded: string) => folded.match(WORD) ?? [];

export function buildIndex(products: Iterable<Searchable>): SearchIndex {
  const docs: SearchIndex["docs"] = [];
  const words = new Map<string, Posting[]>();
  const nameWords = new Map<string, string>();
  for (const p of products) {
    const doc = docs.length;
    docs.push({ id: p.id, name: p.name, foldedName: wordsOf(foldSearch(p.name)).join(" ") });
    for (const field of SEARCH_FIELDS) {
      for (const w of new Set(wordsOf(foldSearch(p[field] ?? "")))) {
        const list = words.get(w);
        if (list) list.push({ doc, field });
        else words.set(w, [{ doc, field }]);
      }
    }
    for (const written of foldTurkish(p.name).match(WORD) ?? []) {
      const key = foldSearch(written);
      if (key.length >= 3 && !/^\d+$/.test(key) && !nameWords.has(key)) nameWords.set(key, written);
    }
  }
  return { docs, words, nameWords };
}

/** The words of a query as the index keeps them: folded, at most 8, each of two characters or more. */
export function queryWords(q: string): string[] {
  const words = wordsOf(foldSearch(q.slice(0, MAX_QUERY_CHARS))).filter((w) => w.length >= 2);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** Typos allowed in a query word of this length. */
export function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * Optimal string alignment distance (edits: insert, delete, substitute, swap two neighbours), or `max + 1`
 * as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1);
    row[0] = i;
    rows.push(row);
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How well a query word finds a word of the index (0: not at all). */
export function matchQuality(q: string, w: string): number {
  if (w === q) return HOW.word;
  if (w.startsWith(q)) return HOW.prefix;
  if (q.length >= 4 && w.includes(q)) return HOW.infix;
  const k = typosAllowed(q.length);
  if (k === 0 || /^\d+$/.test(q)) return 0;
  if (editDistance(q, w, k) <= k) return HOW.typo;
  // the start of a longer word typed with a typo: compare with its first |q| - k … |q| + k letters
  for (let n = Math.max(q.length - k, 3); n <= Math.min(q.length + k, w.length - 1); n++) {
    if (editDistance(q, w.slice(0, n), k) <= k) return HOW.typoPrefix;
  }
  return 0;
}

export interface SearchHit {
  id: number;
  score: number;
}

const collator = new Intl.Collator("tr");

/** Products found for `q`, best first (every word of the query found in each). */
export function searchIndex(index: SearchIndex, q: string): SearchHit[] {
  const qWords = queryWords(q);
  if (qWords.length === 0) return [];
  let scores: Map<number, number> | null = null;
  for (const qw of qWords) {
    const best = new Map<number, number>();
    for (const [w, postings] of index.words) {
      const how = matchQuality(qw, w);
      if (how === 0) continue;
      for (const { doc, field } of postings) {
        const s = how * FIELD_WEIGHT[field];
        if (s > (best.get(doc) ?? 0)) best.set(doc, s);
      }
    }
    const next = new Map<number, number>();
    for (const [doc, s] of best) {
      if (scores === null) next.set(doc, s);
      else if (scores.has(doc)) next.set(doc, scores.get(doc)! + s);
    }
    scores = next;
    if (scores.size === 0) return [];
  }
  const phrase = qWords.join(" ");
  const hits = [...scores!].map(([doc, score]) => {
    const name = index.docs[doc]!.foldedName;
    const bonus = name.startsWith(phrase) ? 5 : name.includes(phrase) ? 3 : 0;
    return { doc, score: score + bonus };
  });
  hits.sort((a, b) => b.score - a.score || collator.compare(index.docs[a.doc]!.name, index.docs[b.doc]!.name));
  return hits.map(({ doc, score }) => ({ id: index.docs[doc]!.id, score }));
}

/**
 * 'Did you mean': for a query that found nothing, the same query with each word that finds nothing replaced
 * by the nearest word of a product name (up to three edits), or null when no word is near enough.
 */
export function suggestQuery(index: SearchIndex, q: string): string | null {
  // the words as typed (lower case), one per folded query word
  const typed = new Map<string, string>();
  for (const w of foldTurkish(q.slice(0, MAX_QUERY_CHARS)).match(WORD) ?? []) {
    const key = foldSearch(w);
    if (key.length >= 2 && !typed.has(key)) typed.set(key, w);
  }
  const qWords = queryWords(q);
  if (qWords.length === 0) return null;
  let changed = false;
  const out: string[] = [];
  for (const qw of qWords) {
    let found = false;
    for (const w of index.words.keys()) {
      if (matchQuality(qw, w) > 0) {
        found = true;
        break;
      }
    }
    if (found) {
      out.push(typed.get(qw) ?? qw);
      continue;
    }
    let best: { written: string; d: number } | null = null;
    const max = Math.min(3, Math.max(1, Math.floor(qw.length / 2)));
    for (const [key, written] of index.nameWords) {
      const d = Math.min(editDistance(qw, key, max), editDistance(qw, key.slice(0, qw.length), max) + 0.5);
      if (d <= max && (!best || d < best.d)) best = { written, d };
    }
    if (!best) return null;
    out.push(best.written);
    changed = true;
  }
  return changed ? out.join(" ") : null;
}
