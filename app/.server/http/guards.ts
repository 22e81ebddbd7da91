import type { NextFunction, Request, Response } from "express";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { tr } from "~/shared/texts/tr";
import { simplePage } from "./pages";
import { BARE_SECURITY_HEADERS } from "./security";
import { refusal } from "./refuse";

export const MAX_URL_LENGTH = 4096;
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A refusal before the router: a small Turkish page, or `{error}` JSON for data and API requests. */
function reject(res: Response, status: number, title: string, body: string) {
  res.status(status).setHeader("Cache-Control", "no-store");
  if (wantsJson(res.req)) return res.json({ ok: false, error: body });
  res.type("html").send(simplePage({ title, body, nonce: res.locals.nonce, requestId: res.locals.requestId }));
}

/** React Router data requests (`….data`), the JSON endpoints and JSON senders get JSON; pages get a page. */
function wantsJson(req: Request): boolean {
  const path = req.path;
  return path.endsWith(".data") || path.startsWith("/api/") || path.startsWith("/games/") || mediaType(req.get("content-type")) === "application/json";
}

/**
 * The media type of a Content-Type header, exactly: the type/subtype before any parameter, lower-cased and
 * trimmed ('' when absent). `text/plain; x=application/json` is text/plain.
 */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

/** Methods that change nothing: never checked for their origin. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The payment provider's 3-D Secure callback: the bank's page posts the buyer's browser back here from its own
 * site. It changes nothing by itself: payments.completeChallenge accepts only the provider's signed answer.
 */
const CROSS_SITE_ALLOWED = /^\/odeme\/3ds\/[^/]+\/callback$/;

/** This request's own origin, built exactly as @react-router/express builds the request URL the router sees. */
export function requestOrigin(req: Request): string {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const a = Number.parseInt(forwardedPort ?? "", 10);
  const b = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(a) ? a : Number.isSafeInteger(b) ? b : "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}`).origin;
}

/**
 * Every state-changing request (any method but GET, HEAD and OPTIONS), to any path, JSON or form, page or data:
 * a browser's request from another site is refused with 403 before any route runs. Browsers send `Origin` on
 * every such request (an opaque 'null' from sandboxed frames and data: pages counts as another site) and
 * `Sec-Fetch-Site`; both must say this site. Requests with neither are not a browser's cross-site request
 * (the app channel, scripts); the form actions still ask for the session's CSRF token (accounts.verifyCsrf).
 * React Router's own origin check stands behind this one (react-router.config.ts).
 */
export function sameOriginGuard(log: { warn: (o: object, m: string) => void }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || (req.method === "POST" && CROSS_SITE_ALLOWED.test(req.path))) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    let sameOrigin = !site || site === "same-origin" || site === "none";
    if (sameOrigin && origin !== undefined) {
      try {
        sameOrigin = origin !== "null" && new URL(origin).origin === requestOrigin(req);
      } catch {
        sameOrigin = false;
      }
    }
    if (sameOrigin) return next();
    log.warn({ requestId: res.locals.requestId, method: req.method, path: req.path, origin, site }, "cross-site request refused");
    reject(res, 403, tr.errors.crossSiteTitle, tr.errors.crossSiteBody);
  };
}

/** Whether `path` is valid percent-encoding. */
export function decodable(path: string): boolean {
  try {
    // the answer is used: the bundler drops a call to decodeURIComponent whose answer is not
    return typeof decodeURIComponent(path) === "string";
  } catch {
    return false;
  }
}

/**
 * A build file that is not there (an old page asking for the chunks of an earlier build, or a guess): a short
 * plain 404 at once, instead of rendering the shop's not-found page for a script or stylesheet URL.
 */
export function missingAsset(_req: Request, res: Response) {
  res.status(404).set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" }).type("text/plain; charset=utf-8").send(tr.errors.fileNotFound);
}

/** Malformed URLs, huge query strings and unknown methods get a clean 4xx page before any app code runs. */
export function badInputGuard(req: Request, res: Response, next: NextFunction) {
  if (!ALLOWED_METHODS.includes(req.method)) {
    res.setHeader("Allow", ALLOWED_METHODS.join(", "));
    return reject(res, 405, tr.errors.methodNotAllowedTitle, tr.errors.methodNotAllowedBody);
  }
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    return reject(res, 414, tr.errors.uriTooLongTitle, tr.errors.uriTooLongBody);
  }
  try {
    // a NUL character is never part of a real address (and PostgreSQL refuses it in text)
    if (decodeURIComponent(req.originalUrl).includes("\u0000")) throw new URIError("NUL");
    // the URL constructor refuses some forms decodeURIComponent accepts (e.g. '//' hosts)
    new URL(req.originalUrl, "http://localhost");
  } catch {
    return reject(res, 400, tr.errors.badRequestTitle, tr.errors.badRequestBody);
  }
  next();
}

/** Largest request body accepted anywhere (staff picture uploads are at most 1 MB). */
export const MAX_BODY_BYTES = 2_000_000;

/** A refused body larger than this is not read to its end: the connection is closed instead. */
export const MAX_DISCARDED_BYTES = 16 * MAX_BODY_BYTES;

/**
 * A request that announces a body larger than MAX_BODY_BYTES is refused before anything parses it. Up to
 * MAX_DISCARDED_BYTES, the connection stays open and node:http reads the rest of the body and throws it away
 * (bounded in time by the server's request timeout): closing a connection that still has unread data resets it,
 * and a sender that is still writing would never see the Turkish answer.
 */
export function bodyLimitGuard(req: Request, res: Response, next: NextFunction) {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    if (declared > MAX_DISCARDED_BYTES) res.setHeader("Connection", "close");
    return reject(res, 413, tr.errors.tooLargeTitle, tr.errors.tooLargeBody);
  }
  next();
}

/**
 * Request bodies the app cannot use are the sender's error, answered with 400 and a Turkish message instead of
 * failing with 500: a form that cannot be parsed (a cut multipart body, a missing boundary), and a NUL character
 * in a form or JSON value (PostgreSQL refuses it in text). Every `request.formData()` / `request.json()` of the
 * app goes through this; installed once per process by server.ts.
 */
export function installFormGuard() {
  const proto = globalThis.Request.prototype as { formData: () => Promise<FormData>; json: () => Promise<unknown>; text: () => Promise<string>; __shopGuarded?: boolean };
  if (proto.__shopGuarded) return;
  const unreadable = () => refusal({ ok: false, error: tr.errors.formUnreadable }, 400);
  const formData = proto.formData;
  proto.formData = async function guardedFormData(this: globalThis.Request) {
    let form: FormData;
    try {
      form = await formData.call(this);
    } catch (e) {
      if (e instanceof TypeError) throw unreadable();
      throw e;
    }
    for (const [key, value] of form.entries()) {
      if (key.includes("\u0000") || (typeof value === "string" ? value : value.name).includes("\u0000")) throw unreadable();
    }
    return form;
  };
  proto.json = async function guardedJson(this: globalThis.Request) {
    const text = await proto.text.call(this);
    if (text.includes("\u0000") || /\\u0000/i.test(text)) throw unreadable();
    return JSON.parse(text) as unknown;
  };
  proto.__shopGuarded = true;
}

/**
 * What node:http itself refuses before the app sees it (headers or address over its 16 KB, a malformed request
 * line): the same Turkish words as the app's own 4xx pages, as plain text, then the connection closes.
 */
export function clientErrorAnswer(err: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable || err.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const body = tooLarge ? `${tr.errors.uriTooLongTitle}. ${tr.errors.uriTooLongBody}\n` : `${tr.errors.badRequestTitle}. ${tr.errors.badRequestBody}\n`;
  const headers = Object.entries(BARE_SECURITY_HEADERS)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}Connection: close\r\n\r\n${body}`,
  );
}

/** Last resort: errors that escaped every handler. 4xx from body parsers keep their status and are logged as warnings. */
export function errorPage(log: { error: (o: object, m: string) => void; warn: (o: object, m: string) => void }) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = typeof err === "object" && err && "status" in err && typeof err.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) log.error({ err, requestId: res.locals.requestId, path: req.path }, "unhandled error");
    else log.warn({ err, requestId: res.locals.requestId, path: req.path, status }, "request refused");
    if (res.headersSent) return res.end();
    const [title, body] =
      status === 500 ? [tr.errors.pageTitle, tr.errors.pageBody] : status === 413 ? [tr.errors.tooLargeTitle, tr.errors.tooLargeBody] : [tr.errors.badRequestTitle, tr.errors.formUnreadable];
    reject(res, status, title, body);
  };
}
