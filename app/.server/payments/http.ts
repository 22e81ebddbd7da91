import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "../context";
import { providerChallengeHtml } from "./service";

/**
 * GET /odeme/3ds/:id/banka — the bank's own 3-D Secure page (iyzico's threeDSHtmlContent) served by our app.
 * It is the provider's HTML with an inline script that posts a form to the bank, so this one page gets its own
 * Content-Security-Policy (inline script, form posts to https only, never framed) instead of the shop's.
 * Mounted in server.ts after the security headers.
 */
export function threeDsBankPage(app: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const html = await providerChallengeHtml(app, String(req.params.id ?? ""));
      if (!html) return next();
      res.setHeader(
        "Content-Security-Policy",
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline' https:; img-src https: data:; form-action https:; frame-ancestors 'none'; base-uri 'none'",
      );
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Referrer-Policy", "no-referrer");
      res.type("html").send(html);
    } catch (err) {
      next(err);
    }
  };
}
