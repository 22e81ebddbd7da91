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
import { createServer as createNetServer } from "node:net";
import type { ViteDevServer } from "vite";
import { ConfigError, loadConfig, type Config } from "~/.server/config";
import { boot, type Booted } from "~/.server/boot";
import { appliedMigrations, migrate, openDatabase, ping, redactUrl, shippedMigrations, StartupError } from "~/.server/db/client";
import { createLogger } from "~/.server/log";
import { backup, BackupError, restore } from "~/.server/system/backup";
import { requestContext } from "~/.server/http/request";
import * as accounts from "~/.server/accounts/service";
import { badInputGuard, bodyLimitGuard, clientErrorAnswer, errorPage, decodable, installFormGuard, missingAsset, sameOriginGuard } from "~/.server/http/guards";
import { securityHeaders } from "~/.server/http/security";
import { createPageCache, privateByDefault } from "~/.server/http/page-cache";
import { createMetrics, routeMatcher } from "~/.server/http/metrics";
import { maintenanceGate } from "~/.server/http/maintenance";
import { parseCommand, runCommand, UsageError } from "~/.server/cli/commands";
import { claimServerFile, readServerFile, removeServerFile, tokenMatches, type ServerFile } from "~/.server/cli/server-file";
import type { RequestContext } from "~/.server/context";
import { backlog as jobBacklog, startWorker } from "~/.server/jobs/service";
import { startPeriodic } from "~/.server/jobs/schedule";
import { JOB_HANDLERS, PERIODIC_TASKS } from "~/.server/registry";
import { threeDsBankPage } from "~/.server/payments/http";

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
  /** Set by start()'s shutdown: /readyz answers 503 from then on. */
  const state = { closing: false };
  installFormGuard();
  const serverBuild = opts.vite ? undefined : await import("virtual:react-router/server-build");
  const metrics = createMetrics(ctx);
  const routeOf = routeMatcher(serverBuild?.routes as Parameters<typeof routeMatcher>[0]);
  const pages =
    ctx.config.pageCacheSeconds > 0 && !opts.vite
      ? createPageCache({
          ttlSeconds: ctx.config.pageCacheSeconds,
          onHit: (req, status, requestId) => {
            const path = req.url?.split("?")[0] ?? "";
            const route = routeOf(path);
            metrics.pageCacheHit();
            metrics.observe(req.method ?? "GET", route, status, 0);
            if (ctx.log.isLevelEnabled("info")) ctx.log.info({ requestId, method: req.method, route, path, status, cache: "hit" }, "request");
          },
        })
      : null;
  // anything the process cache drops (catalogue, site status, menu, settings…) may show on a cached page
  if (pages) ctx.cache.onDrop(() => pages.clear());
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", ctx.config.trustProxy);
  app.use(compression());
  // first: every answer, static files and the guards' refusals included, carries the security headers
  app.use(securityHeaders({ production: ctx.config.production, dev: Boolean(opts.vite) }));

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

  app.use(requestContext(ctx.log, { routeOf, observe: metrics.observe }));
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

  /**
   * Readiness: the database answers, every shipped migration is applied, and the process is not shutting down
   * (then 503, so a balancer stops sending it work). The job backlog is reported; a long one does not take the
   * process out (another process would not drain it faster) but is an alert in the metrics.
   */
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const answer: Record<string, unknown> = { ok: false, version: ctx.config.version };
    try {
      await ping(ctx.db);
      answer.db = "ok";
      const [applied, shipped] = [await appliedMigrations(ctx.db), shippedMigrations()];
      answer.migrations = { applied, shipped };
      answer.jobs = await jobBacklog(ctx);
      answer.ok = applied >= shipped && !state.closing;
      if (state.closing) answer.closing = true;
    } catch {
      answer.db = answer.db ?? "unreachable";
    }
    res.status(answer.ok ? 200 : 503).json(answer);
  });

  // Prometheus metrics: only with METRICS_TOKEN, as `Authorization: Bearer <token>` (the nginx template also keeps
  // /metrics from the internet); scrape each process on its own port
  app.get("/metrics", async (req, res) => {
    const token = ctx.config.metricsToken;
    if (!token || !tokenMatches(`Bearer ${token}`, req.get("authorization"))) return res.status(404).end();
    res.setHeader("Cache-Control", "no-store");
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  app.use(badInputGuard);
  app.use(bodyLimitGuard);
  // a browser's state-changing request from another site goes no further, whatever the path (http/guards.ts)
  app.use(sameOriginGuard(ctx.log));
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
  return { app, handle, state };
}

/** One line on stderr and exit 1: start-up failures are told, not dumped as stacks. */
function failStart(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Whether something already listens on the port (told before the database work, not after it). */
function portFree(port: number, host: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once("error", (e: NodeJS.ErrnoException) => resolve(e));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

function listenError(e: NodeJS.ErrnoException, config: Config): string {
  if (e.code === "EADDRINUSE") return `Port kullanımda / port in use: ${config.host}:${config.port} (PORT) — another process listens there`;
  if (e.code === "EACCES") return `Porta bağlanma izni yok / no permission to listen on ${config.host}:${config.port} (PORT)`;
  if (e.code === "EADDRNOTAVAIL") return `Adres bu makinede yok / address not available: ${config.host} (HOST)`;
  return `Dinlenemiyor / cannot listen on ${config.host}:${config.port}: ${e.message}`;
}

/** Production: PUBLIC_URL drives canonical links, mail links, QR codes, the 3-D Secure callback and Secure cookies. */
function publicUrlWarning(config: Config): string | undefined {
  if (!config.production) return undefined;
  if (!config.publicUrlGiven) {
    return `PUBLIC_URL is not set: links in mails, QR codes, canonical links and the 3-D Secure callback point to ${config.publicUrl}, and cookies are not Secure — set PUBLIC_URL=https://your.shop`;
  }
  if (!config.publicUrl.startsWith("https://")) {
    return `PUBLIC_URL is not https (${config.publicUrl}): cookies are not Secure and payment providers refuse the 3-D Secure callback — use https behind a TLS proxy (docs/deploy.md)`;
  }
  return undefined;
}

/** Starts the shop: config, database, migrations, seed, HTTP server. */
export async function start(opts: { vite?: ViteDevServer } = {}): Promise<Server> {
  const config = configOrExit();
  try {
    shippedMigrations();
  } catch (e) {
    failStart(e instanceof Error ? e.message : String(e));
  }
  const warning = publicUrlWarning(config);
  if (warning) console.warn(`UYARI / WARNING: ${warning}`);
  const busy = await portFree(config.port, config.host);
  if (busy) failStart(listenError(busy, config));
  // PGlite's directory belongs to one process: a second server on it is refused before it opens anything
  let serverFile: ServerFile | undefined;
  if (!config.databaseUrl) {
    const claim = claimServerFile(config.dataDir, process.pid, config.port);
    if (!claim.ok) {
      failStart(`Veri dizini kullanımda / data directory in use: ${config.dataDir} belongs to the server with pid ${claim.holder.pid} (port ${claim.holder.port}); stop it or use another DATA_DIR`);
    }
    serverFile = claim.file;
  }
  let booted: Booted;
  try {
    booted = await boot(config);
  } catch (e) {
    if (serverFile) removeServerFile(config.dataDir, serverFile.token);
    const msg = e instanceof Error ? e.message : String(e);
    failStart(e instanceof StartupError ? msg : `Başlatılamadı / start failed: ${config.databaseUrl ? msg.split(config.databaseUrl).join(redactUrl(config.databaseUrl)) : msg}`);
  }
  const { ctx } = booted;
  if (warning) ctx.log.warn({ publicUrl: config.publicUrl }, warning);
  const { handle, state } = await createApp(booted, { vite: opts.vite, adminToken: serverFile?.token });
  const server = createServer(handle);
  await new Promise<void>((resolve) => {
    server.once("error", (e: NodeJS.ErrnoException) => {
      if (serverFile) removeServerFile(config.dataDir, serverFile.token);
      failStart(listenError(e, config));
    });
    server.listen(config.port, config.host, () => resolve());
  });
  ctx.log.info({ port: config.port, db: ctx.database.kind, env: config.env, pid: process.pid }, "shop listening");
  const worker = startWorker(ctx, JOB_HANDLERS);
  // at start and then on a timer: payment/refund reconcile (every minute), session, rate-limit and points purges
  const periodic = startPeriodic(ctx, PERIODIC_TASKS);
  server.on("clientError", clientErrorAnswer);
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;
  let closing = false;
  /**
   * SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (idle keep-alive connections
   * are closed now, busy ones after their answer), let the job worker finish the job it is running (it takes no
   * new one), then close the database and exit 0; whatever still runs after SHUTDOWN_TIMEOUT_SECONDS is cut
   * (exit 1).
   */
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    state.closing = true;
    const started = performance.now();
    ctx.log.info({ signal }, "shutting down");
    if (serverFile) removeServerFile(config.dataDir, serverFile.token);
    const workDone = Promise.all([worker.stop(), periodic.stop()]);
    server.close(() => {
      void workDone
        .then(() => booted.close())
        .then(
          () => ctx.log.info({ ms: Math.round(performance.now() - started) }, "stopped"),
          (err: unknown) => ctx.log.warn({ err }, "close failed"),
        )
        .finally(() => process.exit(0));
    });
    // a keep-alive connection is closed once its current answer is sent (Node adds `Connection: close`)
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    idle.unref();
    setTimeout(() => {
      ctx.log.warn({ seconds: config.shutdownTimeoutSeconds }, "shutdown timed out; exiting with work unfinished");
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  return server;
}

/**
 * `npm run migrate`: applies the migrations and exits (a release step before the processes restart). Takes the
 * same advisory lock as a starting server, so running it while old processes serve is safe. PGlite: refused while
 * a server owns the directory (that server migrated at its start).
 */
export async function runMigrate(): Promise<number> {
  const config = configOrExit();
  if (!config.databaseUrl && readServerFile(config.dataDir)) {
    console.error(`Veri dizini kullanımda / data directory in use: a running server owns ${config.dataDir}; it applied the migrations at start`);
    return 1;
  }
  try {
    const log = createLogger("warn");
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: { max: 1, connectTimeoutMs: config.db.connectTimeoutMs, startWaitSeconds: config.db.startWaitSeconds, log } });
    try {
      const applied = await migrate(database);
      console.log(`Geçişler uygulandı / migrations applied: ${applied.applied} new, ${applied.total} in all (${database.kind})`);
    } finally {
      await database.close();
    }
    return 0;
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    console.error(e instanceof StartupError ? msg : `Geçiş başarısız / migration failed: ${config.databaseUrl ? msg.split(config.databaseUrl).join(redactUrl(config.databaseUrl)) : msg}`);
    return 1;
  }
}

/**
 * `npm run backup -- DIR` / `npm run restore -- DIR` (app/.server/system/backup.ts). PGlite: only while no server
 * owns the directory (stop it first); PostgreSQL: at any time (pg_dump reads one consistent snapshot).
 */
export async function runBackupCli(argv: string[]): Promise<number> {
  const config = configOrExit();
  const [command, dir] = argv;
  if ((command !== "backup" && command !== "restore") || !dir) {
    console.error("usage: npm run backup -- DIR | npm run restore -- DIR");
    return 2;
  }
  if (!config.databaseUrl && readServerFile(config.dataDir)) {
    console.error(`Veri dizini kullanımda / data directory in use: stop the server that owns ${config.dataDir} first (PGlite has one owner)`);
    return 1;
  }
  try {
    const m = command === "backup" ? await backup(config, dir) : await restore(config, dir);
    console.log(`${command === "backup" ? "Yedek alındı / backed up" : "Geri yüklendi / restored"}: ${m.kind}, ${m.migrations} migrations, ${m.uploads} uploaded files (${dir})`);
    return 0;
  } catch (e) {
    console.error(e instanceof BackupError ? e.message : `${command} failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
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
