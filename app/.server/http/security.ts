import helmet from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Response } from "express";

/**
 * Security headers. Scripts need this request's nonce (no 'unsafe-inline' for scripts);
 * pages may not be framed; HSTS only in production.
 */
export function securityHeaders(opts: { production: boolean; dev: boolean }) {
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.nonce}'`;
  return helmet({
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
}
