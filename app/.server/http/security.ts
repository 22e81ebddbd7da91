import helmet from "helmet";
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** Browser features no page of the shop uses: refused for the page and everything it embeds. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()";

/** Headers for answers written without Express (node:http's own refusals): no framing, no sniffing, nothing runs. */
export const BARE_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": PERMISSIONS_POLICY,
};

/**
 * Security headers for every answer Express sends, mounted first (before static files and the guards that
 * answer malformed requests). Scripts need this request's nonce (no 'unsafe-inline' for scripts), made here;
 * pages may not be framed; HSTS only in production.
 */
export function securityHeaders(opts: { production: boolean; dev: boolean }) {
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.nonce}'`;
  const headers = helmet({
    contentSecurityPolicy: opts.dev
      ? false // Vite's dev client injects inline scripts
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", nonce],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            frameSrc: ["'self'", "https://www.openstreetmap.org"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
          },
        },
    strictTransportSecurity: opts.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}
