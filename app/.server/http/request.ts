import { randomBytes, randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../log";

declare module "express-serve-static-core" {
  interface Locals {
    requestId: string;
    nonce: string;
  }
}

/** Gives each request an id (echoed as X-Request-Id) and a CSP nonce, and logs one line when it ends. */
export function requestContext(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    res.locals.requestId = requestId;
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // path only: query strings may carry codes and tokens
      log.info({ requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  };
}
