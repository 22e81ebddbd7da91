import type { NextFunction, Request as ExpressRequest, Response } from "express";
import type { AppContext } from "../context";
import * as accounts from "../accounts/service";
import * as site from "../site/service";
import { maintenancePage } from "./pages";

export type Visitor = "anonymous" | "customer" | "staff";

/** What staff need to sign in (and back in): the sign-in pages, password reset by link, React Router's manifest. */
const SIGN_IN = [/^\/auth(\/|$)/, /^\/resetpass\//, /^\/__manifest$/];
/** The management area: its own guard sends a visitor to sign in and answers a customer 404. */
const MANAGEMENT = /^\/management(\/|$)/;

/**
 * Who gets past the maintenance screen (SPEC §2.2, issue 22): staff everywhere, so they work in /management and
 * can look at the shop before opening it again; anyone on the sign-in pages, so staff can sign in; an anonymous
 * visitor on /management too (its guard sends them to sign in). Customers see the 503 screen everywhere else.
 * `path` may be a React Router data request ('/management/orders.data', '/_root.data').
 */
export function passesMaintenance(path: string, visitor: Visitor): boolean {
  if (visitor === "staff") return true;
  const p = path.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  if (SIGN_IN.some((r) => r.test(p))) return true;
  return visitor === "anonymous" && MANAGEMENT.test(p);
}

/** Express middleware: the maintenance screen (HTTP 503) for everyone `passesMaintenance` does not let through. */
export function maintenanceGate(app: AppContext) {
  return async (req: ExpressRequest, res: Response, next: NextFunction) => {
    try {
      const status = await site.getStatus(app);
      if (!status.maintenance) return next();
      if (passesMaintenance(req.path, await visitorOf(app, req))) return next();
      res.status(503).setHeader("Retry-After", "3600");
      res.setHeader("Cache-Control", "no-store");
      res.type("html").send(maintenancePage({ noteHtml: status.maintenanceNote, nonce: res.locals.nonce as string }));
    } catch (e) {
      next(e);
    }
  };
}

async function visitorOf(app: AppContext, req: ExpressRequest): Promise<Visitor> {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  if (req.headers.authorization) headers.set("authorization", req.headers.authorization);
  if (!headers.has("cookie") && !headers.has("authorization")) return "anonymous";
  const { user } = await accounts.getSession(app, new Request("http://shop.invalid/", { headers }));
  if (!user) return "anonymous";
  return user.role === "customer" ? "customer" : "staff";
}
