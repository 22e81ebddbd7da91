/**
 * Process entry, bundled by the SSR build into build/server/index.js.
 * `start()` serves the shop; `runSiteCli()` runs operator commands. Both share one set of modules.
 */
import "react-router";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { ViteDevServer } from "vite";
import { ConfigError, loadConfig, type Config } from "~/.server/config";
import { boot, type Booted } from "~/.server/boot";
import { ping } from "~/.server/db/client";
import { requestContext } from "~/.server/http/request";
import * as accounts from "~/.server/accounts/service";
import { badInputGuard, bodyLimitGuard, clientErrorAnswer, errorPage, decodable, installFormGuard, missingAsset } from "~/.server/http/guards";
import { securityHeaders } from "~/.server/http/security";
import { createPageCache, privateByDefault } from "~/.server/http/page-cache";
import { maintenanceGate } from "~/.server/http/maintenance";
import { parseCommand, runCommand, UsageError } from "~/.server/cli/commands";
import { readServerFile, removeServerFile, tokenMatches, writeServerFile } from "~/.server/cli/server-file";
import type { RequestContext } from "~/.server/context";
import { startWorker } from "~/.server/jobs/service";
import { JOB_HANDLERS } from "~/.server/jobs/handlers";
import { startPeriodic } from "~/.server/jobs/schedule";
import { threeDsBankPage } from "~/.server/payments/http";
// registers the payment success hook that places orders, before any callback or reconcile can need it
import "~/.server/checkout/service";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

export async function createApp(booted: Booted, opts: { vite?: ViteDevServer; adminToken?: string } = {}) {
  const { ctx } = booted;
  installFormGuard();
  const serverBuild = opts.vite ? undefined : await import("virtual:react-router/server-build");
  const pages =
    ctx.config.pageCacheSeconds > 0 && !opts.vite
      ? createPageCache({
          ttlSeconds: ctx.config.pageCacheSeconds,
          onHit: (req, status, requestId) => {
            if (ctx.log.isLevelEnabled("info")) ctx.log.info({ requestId, method: req.method, path: req.url?.split("?")[0], status, cache: "hit" }, "request");
          },
        })
      : null;
  // anything the process cache drops (catalogue, site status, menu, settings…) may show on a cached page
  if (pages) ctx.cache.onDrop(() => pages.clear());
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", ctx.config.trustProxy);
  app.use(compression());

  if (opts.vite) {
    app.use(opts.vite.middlewares);
  } else {
    // the build's files with their brotli and gzip copies made at build time (vite.config.ts), chosen by the
    // request's Accept-Encoding; `compression()` leaves an answer that already has a Content-Encoding alone
    const precompressed = (root: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions["serveStatic"]): express.RequestHandler => {
      const serve = expressStaticGzip(root, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic });
      // a path that is not valid percent-encoding is not looked up (the library would answer it in English)
      return (req, res, next) => (decodable(req.path) ? serve(req, res, next) : next());
    };
    // hashed assets: cached for a year and never revalidated
    const client = `${ctx.config.buildDir}/client`;
    app.use("/assets", precompressed(`${client}/assets`, { immutable: true, maxAge: "1y", index: false, fallthrough: true }), missingAsset);
    // the other public files (images, favicon): only their own top-level names reach the file system
    const served = precompressed(client, { maxAge: "1h", index: false });
    const topLevel = new Set(readdirSync(client).filter((n) => !n.startsWith(".") && n !== "assets"));
    app.use((req, res, next) => (topLevel.has(req.path.split("/")[1] ?? "") ? served(req, res, next) : next()));
  }

  app.use(requestContext(ctx.log));
  app.use(accounts.sessionScope());

  app.get("/healthz", async (_req, res) => {
    try {
      await ping(ctx.db);
      res.setHeader("Cache-Control", "no-store");
      res.json({ ok: true, version: ctx.config.version });
    } catch {
      res.status(503).json({ ok: false });
    }
  });

  app.use(badInputGuard);
  app.use(bodyLimitGuard);
  app.use(securityHeaders({ production: ctx.config.production, dev: Boolean(opts.vite) }));
  // the bank's 3-D Secure page carries its own CSP (payments/http.ts)
  app.get("/odeme/3ds/:id/banka", threeDsBankPage(ctx));

  if (opts.adminToken) {
    const token = opts.adminToken;
    app.post("/__admin/command", express.json({ limit: "64kb" }), async (req, res) => {
      if (!LOOPBACK.has(req.socket.remoteAddress ?? "") || !tokenMatches(token, req.get("x-admin-token"))) {
        return res.status(404).end();
      }
      try {
        const body = req.body as { argv?: unknown };
        const argv = Array.isArray(body.argv) ? body.argv.map(String) : [];
        res.json({ ok: true, output: await runCommand(ctx, parseCommand(argv)) });
      } catch (e) {
        res.status(e instanceof UsageError ? 400 : 500).json({ ok: false, output: e instanceof Error ? e.message : String(e) });
      }
    });
  }

  // maintenance: only the maintenance screen (SPEC §2.2), except for staff and the sign-in pages (http/maintenance.ts)
  app.use(maintenanceGate(ctx));

  // anonymous pages are recorded here and answered by `handle` below, in front of Express (http/page-cache.ts)
  app.use(pages ? pages.record : privateByDefault);

  app.all(
    "/{*splat}",
    createRequestHandler({
      // development: a fresh build per request (HMR); production: one build, so React Router derives its
      // route tables once instead of on every request
      build: opts.vite ? () => opts.vite!.ssrLoadModule("virtual:react-router/server-build") as never : serverBuild!,
      mode: ctx.config.production ? "production" : "development",
      getLoadContext: (req, res): RequestContext => ({
        app: ctx,
        requestId: res.locals.requestId,
        nonce: res.locals.nonce,
        clientIp: req.ip ?? "",
      }),
    }),
  );
  app.use(errorPage(ctx.log));
  /** The node:http handler: a cached anonymous page is answered before Express runs. */
  const handle = pages ? (req: IncomingMessage, res: ServerResponse) => void (pages.handle(req, res, app) || app(req, res)) : app;
  return { app, handle };
}

/** Starts the shop: config, database, migrations, seed, HTTP server. */
export async function start(opts: { vite?: ViteDevServer } = {}): Promise<Server> {
  const config = configOrExit();
  const booted = await boot(config);
  const { ctx } = booted;
  const serverFile = config.databaseUrl ? undefined : writeServerFile(config.dataDir, process.pid, config.port);
  const { handle } = await createApp(booted, { vite: opts.vite, adminToken: serverFile?.token });
  const server = createServer(handle).listen(config.port, config.host, () => {
    ctx.log.info({ port: config.port, db: ctx.database.kind, env: config.env }, "shop listening");
  });
  const worker = startWorker(ctx, JOB_HANDLERS);
  // at start and then on a timer: payment/refund reconcile (every minute), session, rate-limit and points purges
  const periodic = startPeriodic(ctx);
  server.on("clientError", clientErrorAnswer);
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, "shutting down");
    if (serverFile) removeServerFile(config.dataDir, serverFile.token);
    server.close(() => {
      void Promise.all([worker.stop(), periodic.stop()])
        .then(() => booted.close())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  return server;
}

/** `npm run site -- …`: through the running server when it owns the PGlite directory, else directly. */
export async function runSiteCli(argv: string[]): Promise<number> {
  const config = configOrExit();
  try {
    parseCommand(argv);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  const running = config.databaseUrl ? undefined : readServerFile(config.dataDir);
  if (running) {
    try {
      const r = await fetch(`http://127.0.0.1:${running.port}/__admin/command`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-admin-token": running.token },
        body: JSON.stringify({ argv }),
      });
      const body = (await r.json()) as { ok: boolean; output: string };
      (body.ok ? console.log : console.error)(body.output);
      return body.ok ? 0 : 1;
    } catch (e) {
      console.error(`Çalışan sunucuya ulaşılamadı (pid ${running.pid}); sunucu çalışırken veri dizini doğrudan açılamaz. ${String(e)}`);
      return 1;
    }
  }
  const booted = await boot({ ...config, logLevel: "warn" }, { listen: false });
  try {
    console.log(await runCommand(booted.ctx, parseCommand(argv)));
    return 0;
  } finally {
    await booted.close();
  }
}
