import { createHash, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { parse } from "cookie";
import Negotiator from "negotiator";

/**
 * Anonymous page cache (issue 13; docs/decisions/0004-anonymous-page-cache.md). Rendered pages that hold no
 * personal data (home, product, information pages) are kept per process for a few seconds and served to other
 * visitors without a session, keyed by host and URL:
 *
 * - only GET/HEAD, no `Authorization` header and no cookie other than the site-message dismissals (which are
 *   part of the key) — a session, a known-user or a sign-in cookie always gets a fresh render;
 * - only answers 200 without `Set-Cookie` and without `private`/`no-store` from the route;
 * - an entry keeps the headers the app sent with it (security headers included) and its body; a hit is
 *   answered by `handle` straight on node:http, before Express, with `Cache-Control: no-cache`, `ETag` and
 *   `Vary: Cookie, Authorization, Accept-Encoding`; `If-None-Match` answers 304; brotli (quality 5: as fast as gzip 6 and ~7 % smaller) or gzip is made once
 *   per entry, by the request's `Accept-Encoding`;
 * - the ETag ignores what every render makes anew (the CSP nonce and the request id), so a page whose content
 *   has not changed keeps it across renders and entries; a 304 then carries no CSP header, and the browser
 *   keeps the one stored with its copy, which names that copy's nonce;
 * - the render that fills an entry holds its body until it ends, so its answer has the ETag too, and answers a
 *   matching `If-None-Match` with that 304 (a revalidation that arrives after the entry is gone);
 * - no stampede: while a page renders, other requests for it wait for that render; an expired entry is served
 *   for one more TTL while a single request renders it anew;
 * - the CSP header kept with an entry names the nonce its body was rendered with (the nonce is thus shared by
 *   every visitor of that entry for its few seconds: the trade-off is written down in the decision);
 * - `clear()` runs whenever the process cache drops a key (catalogue, site status and maintenance, menu,
 *   settings…: locally or through PostgreSQL NOTIFY from another process).
 *
 * Every other page rendered by the app gets `Cache-Control: private, no-cache` unless its route set one.
 */

export interface PageCacheOptions {
  ttlSeconds: number;
  /** Milliseconds of a monotonic timer (a cache lifetime is not shop time: SHOP_NOW does not stop it). */
  now?: () => number;
  /** Most entries kept; the oldest go first. */
  maxEntries?: number;
  /** Called for each answered hit (the access log line). */
  onHit?: (req: IncomingMessage, status: number, requestId: string) => void;
}

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  /** Fresh until then; afterwards served for another TTL only while one request renders it anew. */
  expires: number;
}

type Fallback = (req: IncomingMessage, res: ServerResponse) => void;

/** A render in progress whose result other requests for the same page wait for (no stampede of renders). */
interface InFlight {
  waiters: { req: IncomingMessage; res: ServerResponse; fallback: Fallback }[];
  timer: NodeJS.Timeout;
}

/** Paths whose HTML (and single-fetch data) is the same for every visitor without a session. */
const CACHEABLE = [
  /^\/home(\/sub)?(\/[^/]+)?$/,
  /^\/product\/[^/]+$/,
  /^\/(about|process|sss|responsibility|hedef81|nutrition|vitrin|contact|deliveryoptions|yourcookie|jpb|advr|mcapphedef81|mcappsss|mcappdonation)$/,
  /^\/agreement\/(nda|popd|dely)$/,
  /^\/ara$/,
];
/** Cookies that change an anonymous page (the dismissed site messages): part of the key, never a bypass. */
const KEY_COOKIES = ["dm_top", "dm_bot"] as const;
const MAX_URL = 512;
const MAX_BODY = 2_000_000;
/** Headers of the first answer that are not replayed: per request, per connection or per encoding. */
const NOT_KEPT = new Set(["x-request-id", "date", "content-length", "connection", "keep-alive", "transfer-encoding", "content-encoding", "set-cookie", "vary", "etag", "cache-control"]);

export function isCacheablePath(pathname: string): boolean {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  return CACHEABLE.some((re) => re.test(path));
}

/** The key of an anonymous request, or null when this request must be rendered for its sender. */
export function cacheKey(method: string | undefined, url: string | undefined, headers: IncomingHttpHeaders): string | null {
  if ((method !== "GET" && method !== "HEAD") || !url || url.length > MAX_URL) return null;
  if (headers.authorization) return null;
  const q = url.indexOf("?");
  if (!isCacheablePath(q < 0 ? url : url.slice(0, q))) return null;
  let suffix = "";
  if (headers.cookie) {
    const cookies = parse(headers.cookie);
    for (const name of Object.keys(cookies)) if (!(KEY_COOKIES as readonly string[]).includes(name)) return null;
    suffix = KEY_COOKIES.map((n) => cookies[n] ?? "").join("|");
  }
  return `${headers.host ?? ""}${url}#${suffix}`;
}

/** Whether an `If-None-Match` header names `etag` (weak or strong, in a list, or `*`). */
function matches(inm: string | undefined, etag: string): boolean {
  return Boolean(inm) && inm!.split(",").some((t) => {
    const v = t.trim();
    return v === "*" || v.replace(/^W\//, "") === etag;
  });
}

/** What a 304 keeps of a render's headers: the validator and the headers a hit's 304 has too. */
const VALIDATOR_HEADERS = new Set(["etag", "cache-control", "vary", "x-request-id"]);
/** Every answer of a cacheable page differs by these request headers. */
const VARY = "Cookie, Authorization, Accept-Encoding";

/** Of the body without `volatile` (the render's nonce and request id): the same content gives the same ETag. */
function etagOf(body: Buffer, volatile: readonly string[] = []): string {
  const parts = volatile.filter((v) => v.length >= 8);
  let content: Buffer | string = body;
  if (parts.length) {
    let text = body.toString("utf8");
    for (const v of parts) text = text.split(v).join("");
    content = text;
  }
  return `"${createHash("sha1").update(content).digest("base64url").slice(0, 22)}"`;
}

/** What a render made anew: the nonce named by its CSP header and its request id. */
function volatileOf(res: Response): string[] {
  const csp = String(res.getHeader("content-security-policy") ?? "");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const requestId = res.getHeader("x-request-id");
  return [nonce, typeof requestId === "string" ? requestId : undefined].filter((v): v is string => Boolean(v));
}

/** The coding of a hit: brotli before gzip when the request takes both at the same q (as `compression()` does). */
export function encodingFor(headers: IncomingHttpHeaders): Coding | undefined {
  const accept = headers["accept-encoding"] ?? "";
  if (codings.has(accept)) return codings.get(accept);
  // negotiator 1.x takes `preferred`; @types/negotiator still describes 0.6
  const n = new Negotiator({ headers }) as unknown as { encoding(available: string[], opts: { preferred: string[] }): string | undefined };
  const coding = n.encoding(["br", "gzip", "identity"], { preferred: ["br", "gzip"] }) as Coding | undefined;
  // browsers send a handful of distinct headers: remember them (a few, so odd clients cannot grow the map)
  if (codings.size < 32) codings.set(accept, coding);
  return coding;
}
type Coding = "br" | "gzip" | "identity";
const codings = new Map<string, Coding | undefined>();

export function createPageCache(opts: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, InFlight>();
  const ttlMs = opts.ttlSeconds * 1000;
  const maxEntries = opts.maxEntries ?? 300;
  const now = opts.now ?? (() => performance.now());
  /** Bumped by clear(): a render that started before an invalidation is not kept. */
  let generation = 0;

  function answer(req: IncomingMessage, res: ServerResponse, e: Entry) {
    const requestId = randomUUID();
    const headers: OutgoingHttpHeaders = {
      ...e.headers,
      "x-request-id": requestId,
      "cache-control": "no-cache",
      etag: e.etag,
      vary: VARY,
      "x-page-cache": "hit",
    };
    const inm = req.headers["if-none-match"];
    if (matches(inm, e.etag)) {
      // the validator only: the browser's copy may come from another render, with another nonce in its body
      // and in the CSP header stored with it; a CSP header here would replace that one and block its scripts
      res.writeHead(304, { "x-request-id": requestId, "cache-control": "no-cache", etag: e.etag, vary: headers.vary, "x-page-cache": "hit" }).end();
      opts.onHit?.(req, 304, requestId);
      return;
    }
    let body = e.body;
    const encoding = encodingFor(req.headers);
    if (encoding === "br") {
      e.br ??= brotliCompressSync(e.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: e.body.length } });
      body = e.br;
      headers["content-encoding"] = "br";
    } else if (encoding === "gzip") {
      e.gzip ??= gzipSync(e.body, { level: 6 });
      body = e.gzip;
      headers["content-encoding"] = "gzip";
    }
    headers["content-length"] = body.length;
    res.writeHead(e.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    opts.onHit?.(req, e.status, requestId);
  }

  /**
   * node:http handler in front of the app (`fallback`): answers a hit, or queues the request behind the render
   * of the same page already under way, and returns true; false lets the app render. Nothing else runs for a
   * hit: its headers (security headers with the entry's CSP nonce) were kept with it.
   */
  function handle(req: IncomingMessage, res: ServerResponse, fallback: Fallback): boolean {
    if (entries.size === 0 && inflight.size === 0) return false;
    const key = cacheKey(req.method, req.url, req.headers);
    if (!key) return false;
    const e = entries.get(key);
    const t = now();
    if (e && t < e.expires) {
      answer(req, res, e);
      return true;
    }
    const running = inflight.get(key);
    if (e && t < e.expires + ttlMs && running) {
      // stale while one request renders it anew
      answer(req, res, e);
      return true;
    }
    if (e && t >= e.expires + ttlMs) entries.delete(key);
    if (running && running.waiters.length < 200) {
      running.waiters.push({ req, res, fallback });
      return true;
    }
    return false;
  }

  /** Express middleware before the app's handler: records a cacheable render, marks the others private. */
  function record(req: Request, res: Response, next: NextFunction) {
    const key = cacheKey(req.method, req.originalUrl, req.headers);
    if (!key) {
      defaultCacheControl(res, "private, no-cache");
      return next();
    }
    defaultCacheControl(res, "no-cache");
    res.vary("Cookie").vary("Authorization");
    if (req.method === "GET") collect(res, key);
    next();
  }

  /** Collects the body the app writes; stores it when the answer turns out to be cacheable. */
  function collect(res: Response, key: string) {
    const gen = generation;
    let owner: InFlight | undefined;
    if (!inflight.has(key)) {
      owner = { waiters: [], timer: setTimeout(() => release(null), 10_000) };
      owner.timer.unref();
      inflight.set(key, owner);
    }
    /** Ends this render's turn: the waiting requests get the stored entry, or are rendered themselves. */
    const release = (stored: Entry | null) => {
      if (!owner) return;
      const o = owner;
      owner = undefined;
      clearTimeout(o.timer);
      if (inflight.get(key) === o) inflight.delete(key);
      for (const w of o.waiters) {
        if (stored) answer(w.req, w.res, stored);
        else w.fallback(w.req, w.res);
      }
    };
    res.once("close", () => release(null));

    // the body is held until the end, so that the ETag (of the whole body) goes out with the first answer too and
    // a revalidation the cache no longer holds still gets a 304; a body over MAX_BODY is sent on as it comes
    const chunks: Buffer[] = [];
    let size = 0;
    let passThrough = false;
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => Response;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      const b = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += b.length;
      chunks.push(b);
    };
    const callbackIn = (rest: unknown[]) => rest.find((a): a is () => void => typeof a === "function");
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (passThrough) return write(chunk, ...rest);
      take(chunk, rest[0]);
      const cb = callbackIn(rest);
      if (size > MAX_BODY) {
        passThrough = true;
        const held = Buffer.concat(chunks);
        chunks.length = 0;
        return cb ? write(held, cb) : write(held);
      }
      if (cb) process.nextTick(cb);
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (passThrough) {
        release(null);
        return end(chunk, ...rest);
      }
      take(chunk, rest[0]);
      const cb = callbackIn(rest);
      const body = Buffer.concat(chunks);
      const cc = String(res.getHeader("cache-control") ?? "");
      const type = String(res.getHeader("content-type") ?? "");
      const storable =
        size <= MAX_BODY && res.statusCode === 200 && !res.getHeader("set-cookie") && !/private|no-store/.test(cc) && /^(text\/html|text\/x-script)/.test(type);
      let entry: Entry | null = null;
      if (storable) {
        const etag = etagOf(body, volatileOf(res));
        res.setHeader("ETag", etag);
        if (gen === generation) {
          const headers: OutgoingHttpHeaders = {};
          for (const [k, v] of Object.entries(res.getHeaders())) if (!NOT_KEPT.has(k) && v !== undefined) headers[k] = v;
          if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entry = { status: 200, headers, body, etag, expires: now() + ttlMs };
          entries.set(key, entry);
        }
        if (matches(res.req.headers["if-none-match"], etag)) {
          // the browser's copy is still right: the validator only, as for a hit (see `answer`)
          for (const name of res.getHeaderNames()) if (!VALIDATOR_HEADERS.has(name)) res.removeHeader(name);
          res.setHeader("Vary", VARY);
          res.statusCode = 304;
          const r = cb ? end(cb) : end();
          release(entry);
          return r;
        }
      }
      const r = cb ? end(body, cb) : end(body);
      release(entry);
      return r;
    }) as Response["end"];
  }

  return {
    handle,
    record,
    /** Drops every entry; renders under way are not kept (their data may be older than the change). */
    clear: () => {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Without a page cache: every page rendered by the app is private unless its route says otherwise. */
export function privateByDefault(_req: Request, res: Response, next: NextFunction) {
  defaultCacheControl(res, "private, no-cache");
  next();
}

/** Sets Cache-Control just before the headers go out, when the route has not set one. */
function defaultCacheControl(res: Response, value: string) {
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.getHeader("cache-control") && !headersArgHas(args, "cache-control")) res.setHeader("Cache-Control", value);
    return writeHead(...args);
  }) as Response["writeHead"];
}

function headersArgHas(args: unknown[], name: string): boolean {
  const h = args.find((a, i) => i > 0 && a && typeof a === "object");
  if (!h) return false;
  if (Array.isArray(h)) return h.some((x, i) => i % 2 === 0 && String(x).toLowerCase() === name);
  return Object.keys(h).some((k) => k.toLowerCase() === name);
}
