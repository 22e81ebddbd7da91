/**
 * The reference deployment of docs/deploy.md, started for a test: a throw-away certificate (openssl), nginx with
 * the SHIPPED template deploy/nginx/kurabiye.conf.template rendered by the shipped deploy/render.js (only ports
 * and paths differ from production), and shop processes on one PostgreSQL database — the env of
 * deploy/kurabiye.env.example with the test's ports, database and data directory.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { freePort } from "./server";

export const METRICS_TOKEN = randomBytes(24).toString("base64url");

export const NGINX_CANDIDATES = ["/usr/sbin/nginx", "/usr/bin/nginx"];

export function nginxBinary(): string | undefined {
  return NGINX_CANDIDATES.find((p) => existsSync(p));
}

/** A fetch over https that trusts exactly the test's certificate (no global TLS switch). */
export function httpsFetch(ca: string): typeof fetch {
  const agent = new https.Agent({ ca, keepAlive: true, maxSockets: 32 });
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers: Record<string, string> = { "accept-encoding": "identity" };
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const body = init.body == null ? undefined : String(init.body);
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    return new Promise<Response>((resolveAnswer, reject) => {
      const req = https.request(url, { method: init.method ?? "GET", headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (Array.isArray(v)) for (const x of v) h.append(k, x);
            else if (v !== undefined) h.set(k, String(v));
          }
          const status = res.statusCode ?? 0;
          const noBody = status === 204 || status === 304 || (init.method ?? "GET") === "HEAD";
          resolveAnswer(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: h }));
        });
      });
      req.on("error", reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }) as typeof fetch;
}

export interface ShopProcess {
  port: number;
  url: string;
  env: Record<string, string>;
  child: ChildProcess;
  logFile: string;
  /** The process's log lines so far (pino JSON), parsed. */
  logs(): Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Deployment {
  dir: string;
  publicUrl: string;
  /** nginx's plain-http address (it only redirects). */
  httpUrl: string;
  ca: string;
  fetch: typeof fetch;
  databaseUrl: string;
  shops: ShopProcess[];
  accessLog: string;
  /** Access-log lines: the upstream (shop process) that answered each request. */
  accessLines(): { request: string; status: number; upstream: string }[];
  /** The env of deploy/kurabiye.env.example for this test (plus `PORT` per process). */
  shopEnv: Record<string, string>;
  startShop(port?: number): Promise<ShopProcess>;
  stop(): Promise<void>;
}

function run(cmd: string, args: string[], env?: Record<string, string>): string {
  const r = spawnSync(cmd, args, { encoding: "utf8", env: env ?? process.env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** Reads KEY=VALUE lines of the shipped example env file. */
function exampleEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync("deploy/kurabiye.env.example", "utf8").split("\n")) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

async function waitHealthy(url: string, child: ChildProcess, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`shop at ${url} did not start within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startDeployment(opts: { processes?: number; env?: Record<string, string> } = {}): Promise<Deployment> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed: apt-get install nginx (.ci/run does it)");
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error("the deployment test needs DATABASE_URL (PostgreSQL)");
  const dir = mkdtempSync(join(tmpdir(), "shop-deploy-"));
  for (const d of ["nginx", "data", "logs"]) mkdirSync(join(dir, d), { recursive: true });

  // a throw-away certificate for 127.0.0.1
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key, "-out", cert]);
  const ca = readFileSync(cert, "utf8");

  // one database for every process
  const dbName = `shop_deploy_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();

  const n = opts.processes ?? 2;
  const ports: number[] = [];
  while (ports.length < n + 2) {
    const p = await freePort();
    if (!ports.includes(p)) ports.push(p);
  }
  const [httpsPort, httpPort, ...shopPorts] = ports as [number, number, ...number[]];
  const publicUrl = `https://127.0.0.1:${httpsPort}`;
  const accessLog = join(dir, "logs", "access.log");

  const example = exampleEnv();
  // the example's production values, with this machine's ports, paths, database and the offline payment sandbox
  const shopEnv: Record<string, string> = {
    ...example,
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(dir, "data"),
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
    SECRET_KEY: randomBytes(32).toString("base64url"),
    ADMIN_EMAIL: "yonetici@deploy.example.com.tr",
    ADMIN_PASSWORD: "Deploy-Yonetici-2026",
    PAYMENT_PROVIDER: "sandbox",
    GEO_SEED: "minimal",
    LOG_LEVEL: "info",
    SHUTDOWN_TIMEOUT_SECONDS: "10",
    METRICS_TOKEN: METRICS_TOKEN,
    ...opts.env,
  };
  for (const k of ["SMTP_URL", "IYZICO_API_KEY", "IYZICO_SECRET_KEY", "IYZICO_BASE_URL", "SERVER_NAME", "SHOP_PORTS", "HTTP_PORT", "HTTPS_PORT", "TLS_CERT", "TLS_KEY", "ACCESS_LOG"]) {
    delete shopEnv[k];
  }

  // nginx: the shipped template, rendered by the shipped renderer, included into a main file for this test
  const rendered = run(process.execPath, ["deploy/render.js", "deploy/nginx/kurabiye.conf.template"], {
    ...process.env,
    SERVER_NAME: "127.0.0.1",
    SHOP_PORTS: shopPorts.join(" "),
    HTTP_PORT: String(httpPort),
    HTTPS_PORT: String(httpsPort),
    TLS_CERT: cert,
    TLS_KEY: key,
    ACCESS_LOG: accessLog,
    PUBLIC_URL: publicUrl,
  } as Record<string, string>);
  const site = join(dir, "nginx", "kurabiye.conf");
  writeFileSync(site, rendered);
  const temp = (name: string) => join(dir, "nginx", name);
  writeFileSync(
    join(dir, "nginx", "nginx.conf"),
    [
      process.getuid?.() === 0 ? "user root;" : "",
      "daemon off;",
      "worker_processes 1;",
      `pid ${temp("nginx.pid")};`,
      `error_log ${join(dir, "logs", "error.log")} warn;`,
      "events { worker_connections 512; }",
      "http {",
      `  client_body_temp_path ${temp("body")}; proxy_temp_path ${temp("proxy")};`,
      `  fastcgi_temp_path ${temp("fastcgi")}; uwsgi_temp_path ${temp("uwsgi")}; scgi_temp_path ${temp("scgi")};`,
      `  include ${site};`,
      "}",
      "",
    ].join("\n"),
  );
  run(nginx, ["-t", "-q", "-p", join(dir, "nginx"), "-e", join(dir, "logs", "error.log"), "-c", join(dir, "nginx", "nginx.conf")]);
  const nginxProcess = spawn(nginx, ["-p", join(dir, "nginx"), "-e", join(dir, "logs", "error.log"), "-c", join(dir, "nginx", "nginx.conf")], { stdio: "ignore" });

  const shops: ShopProcess[] = [];
  const startShop = async (port?: number): Promise<ShopProcess> => {
    const p = port ?? shopPorts[shops.length]!;
    const env = { ...shopEnv, PORT: String(p) };
    const logFile = join(dir, "logs", `shop-${p}-${Date.now()}.log`);
    const fd = openSync(logFile, "a");
    const child = spawn(process.execPath, [resolve("server.js")], { env, stdio: ["ignore", fd, fd] });
    closeSync(fd);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once("exit", (code, signal) => r({ code, signal })));
    const shop: ShopProcess = {
      port: p,
      url: `http://127.0.0.1:${p}`,
      env,
      child,
      logFile,
      exited,
      logs: () =>
        readFileSync(logFile, "utf8")
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as Record<string, unknown>),
    };
    await waitHealthy(shop.url, child);
    return shop;
  };
  // the first process migrates and seeds; the others start against the ready database
  shops.push(await startShop());
  shops.push(...(await Promise.all(shopPorts.slice(1).map((p) => startShop(p)))));

  // nginx answers
  const httpsGet = httpsFetch(ca);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await httpsGet(`${publicUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (nginxProcess.exitCode !== null || Date.now() > deadline) {
      throw new Error(`nginx did not start: ${existsSync(join(dir, "logs", "error.log")) ? readFileSync(join(dir, "logs", "error.log"), "utf8") : ""}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    dir,
    publicUrl,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    ca,
    fetch: httpsGet,
    databaseUrl,
    shops,
    accessLog,
    shopEnv,
    startShop,
    accessLines: () =>
      (existsSync(accessLog) ? readFileSync(accessLog, "utf8") : "")
        .split("\n")
        .filter(Boolean)
        .map((l) => {
          const m = /"([^"]*)" (\d{3}) .* upstream=(\S+)/.exec(l);
          return { request: m?.[1] ?? "", status: Number(m?.[2] ?? 0), upstream: m?.[3] ?? "" };
        }),
    async stop() {
      for (const s of shops) {
        if (s.child.exitCode === null && s.child.signalCode === null) {
          s.child.kill("SIGTERM");
          await s.exited;
        }
      }
      if (nginxProcess.exitCode === null) {
        const gone = new Promise((r) => nginxProcess.once("exit", r));
        nginxProcess.kill("SIGQUIT");
        await gone;
      }
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
