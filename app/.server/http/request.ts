import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../log";

declare module "express-serve-static-core" {
  interface Locals {
    requestId: string;
    nonce: string;
  }
}

/**
 * Gives each request an id (echoed as X-Request-Id) and logs one line when it ends (the CSP nonce: http/security.ts): request id,
 * method, route, path, status, milliseconds. Expected refusals (4xx) are `info`, too many requests and 503
 * (maintenance) `warn`, server failures `error`. `observe` also counts it for the metrics.
 */
export function requestContext(log: Logger, opts: { routeOf?: (path: string) => string; observe?: (method: string, route: string, status: number, seconds: number) => void } = {}) {
  const routeOf = opts.routeOf ?? (() => "unknown");
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeOf(req.path);
      const status = res.statusCode;
      opts.observe?.(req.method, route, status, ms / 1000);
      // 503 is the maintenance screen or a process stopping: expected, like a refusal
      const level = status >= 500 && status !== 503 ? "error" : status === 429 || status === 503 ? "warn" : "info";
      // path only: query strings may carry codes and tokens
      if (log.isLevelEnabled(level)) log[level]({ requestId, method: req.method, route, path: req.path, status, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  };
}
