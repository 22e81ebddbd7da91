import { isIP } from "node:net";
import { z } from "zod";
import { fromCodeRoot } from "./paths";
import { sellerEnvIssues, sellerFromEnv } from "./seller/env";
import type { SellerIdentity } from "~/shared/seller";

/** log2 of scrypt's N for new password hashes: the default, and the least production accepts (decision 0050). */
export const PASSWORD_HASH_COST = 15;
/** The lowest cost accepted at all, for test runs: about 32 times cheaper than 15. */
export const LOWEST_PASSWORD_HASH_COST = 10;

/** Variables whose values are never printed (a config error names the variable and the rule only). */
const SECRETS = new Set(["ADMIN_PASSWORD", "SECRET_KEY", "IYZICO_API_KEY", "IYZICO_SECRET_KEY", "OIDC_CLIENT_SECRET", "METRICS_TOKEN", "NETGSM_PASSWORD"]);
/** Variables that are URLs and may carry a password: printed with the password replaced. */
const URLS_WITH_PASSWORD = new Set(["DATABASE_URL", "SMTP_URL"]);
/** Express's names for address ranges, usable in TRUST_PROXY besides addresses and CIDR blocks. */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: which peers may set the client's address and the request's scheme and host
 * (X-Forwarded-For/-Proto/-Host). `0`: none. A number 1…9: exactly that many proxies in front of the shop (each
 * appends the address it saw to X-Forwarded-For; the client's is the one they added, never one it wrote itself).
 * A comma-separated list of addresses, CIDR blocks or `loopback`/`linklocal`/`uniquelocal`: those proxies only.
 * Never "everything": `true` would make the left-most X-Forwarded-For, which the client writes, its address.
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string): TrustProxy | undefined {
  const v = value.trim();
  if (v === "0") return false;
  if (/^[1-9]$/.test(v)) return Number(v);
  const items = v.split(",").map((x) => x.trim());
  const ok = items.every((item) => {
    if (PROXY_RANGES.has(item)) return true;
    const [addr, bits, ...rest] = item.split("/");
    const family = isIP(addr ?? "");
    if (!family || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return ok && items.length > 0 ? items : undefined;
}

/** A value fit to print in a config error: secrets never, a URL's password replaced. */
function printable(name: string, value: string | undefined): string {
  if (value === undefined) return "unset";
  if (SECRETS.has(name)) return "value hidden";
  if (URLS_WITH_PASSWORD.has(name)) {
    try {
      const u = new URL(value);
      if (u.password) u.password = "***";
      return `value: ${JSON.stringify(u.toString())}`;
    } catch {
      return "value hidden";
    }
  }
  return `value: ${JSON.stringify(value)}`;
}

/** The ONLY reader of process.env. A bad value stops start-up with one line naming the variable. */
const schema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    BUILD_DIR: z.string().min(1).default("build"),
    MAIL_OUTBOX_DIR: z.string().min(1).optional(),
    MAIL_FROM: z.string().min(3).default("Kurabiye Atölyesi <merhaba@kurabiyeatolyesi.com.tr>"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    SHOP_NOW: z.iso.datetime({ offset: true }).optional(),
    PAYMENT_PROVIDER: z.enum(["sandbox", "iyzico"]).default("sandbox"),
    IYZICO_API_KEY: z.string().optional(),
    IYZICO_SECRET_KEY: z.string().optional(),
    IYZICO_BASE_URL: z.url().optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).max(64).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    CHAT_URL: z.url().default("https://wa.me/905555550120"),
    CONTACT_EMAIL: z.email().default("merhaba@kurabiyeatolyesi.com.tr"),
    TRUST_PROXY: z
      .string()
      .refine((v) => parseTrustProxy(v) !== undefined, "must be 0, a hop count 1…9, or a comma-separated list of addresses, CIDR blocks or loopback/linklocal/uniquelocal")
      .default("0"),
    SEED: z.enum(["demo", "catalog", "none"]).default("demo"),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    DB_START_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
    METRICS_TOKEN: z.string().min(32).optional(),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
    SECRET_KEY: z.string().min(32).optional(),
    GEO_SEED: z.enum(["full", "minimal"]).default("full"),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(525_600).default(10_080),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(8_760).default(720),
    SESSION_STAFF_IDLE_MINUTES: z.coerce.number().int().min(5).max(1_440).default(30),
    SESSION_STAFF_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(72).default(12),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    BENCH_ROUTES: z.enum(["0", "1"]).default("0"),
    PASSWORD_HASH_COST: z.coerce.number().int().min(LOWEST_PASSWORD_HASH_COST).max(20).default(PASSWORD_HASH_COST),
    TEST_PAUSE_AT: z
      .string()
      .regex(/^[\w.-]{1,64}$/)
      .optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    // the seller's identity (issue 26 §1): rules in seller/env.ts
    SELLER_TITLE: z.string().optional(),
    SELLER_BRAND: z.string().optional(),
    SELLER_MERSIS: z.string().optional(),
    SELLER_VKN: z.string().optional(),
    SELLER_TAX_OFFICE: z.string().optional(),
    SELLER_ADDRESS: z.string().optional(),
    SELLER_DISTRICT: z.string().optional(),
    SELLER_CITY: z.string().optional(),
    SELLER_POSTAL_CODE: z.string().optional(),
    SELLER_KEP: z.string().optional(),
    SELLER_PHONE: z.string().optional(),
    SELLER_EMAIL: z.string().optional(),
    SELLER_WEB: z.string().optional(),
    SELLER_ETBIS_NUMBER: z.string().optional(),
    SELLER_ETBIS_URL: z.string().optional(),
    SELLER_BANK: z.string().optional(),
    SELLER_IBAN: z.string().optional(),
    INVOICE_PROVIDER: z.enum(["local", "nilvera"]).default("local"),
    INVOICE_SERIES: z
      .string()
      .regex(/^[A-Z0-9]{3}$/, "must be 3 capital letters or digits (GİB series)")
      .default("KRB"),
    INVOICE_MOMENT: z.enum(["dispatched", "ready", "preparing"]).default("dispatched"),
    NILVERA_API_KEY: z.string().min(1).optional(),
    NILVERA_BASE_URL: z.url().default("https://apitest.nilvera.com"),
    INVOICE_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    SMS_PROVIDER: z.enum(["folder", "netgsm"]).default("folder"),
    SMS_OUTBOX_DIR: z.string().min(1).optional(),
    NETGSM_USERCODE: z.string().min(1).optional(),
    NETGSM_PASSWORD: z.string().min(1).optional(),
    NETGSM_MSGHEADER: z.string().min(1).max(11).optional(),
    NETGSM_BASE_URL: z.url().default("https://api.netgsm.com.tr"),
    SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    STAFF_ALERT_EMAIL: z.email().optional(),
    FAILED_JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  })
  .superRefine((env, ctx) => {
    if (env.SHOP_NOW && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["SHOP_NOW"], message: "is refused when NODE_ENV=production" });
    }
    if (env.PASSWORD_HASH_COST < PASSWORD_HASH_COST && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["PASSWORD_HASH_COST"], message: `below ${PASSWORD_HASH_COST} is refused when NODE_ENV=production` });
    }
    if (env.TEST_PAUSE_AT && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["TEST_PAUSE_AT"], message: "is refused when NODE_ENV=production" });
    }
    if (env.PAYMENT_PROVIDER === "iyzico") {
      for (const key of ["IYZICO_API_KEY", "IYZICO_SECRET_KEY", "IYZICO_BASE_URL"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENT_PROVIDER=iyzico" });
      }
    }
    // a real shop in production (SEED=catalog|none, as the deploy kit sets) must name its seller; the demo that
    // `npm start` serves (SEED=demo) runs with the example identity, marked ÖRNEK (decision 0032)
    const realShop = env.NODE_ENV === "production" && (env.SEED ?? "demo") !== "demo";
    for (const [key, message] of sellerEnvIssues(env, realShop)) ctx.addIssue({ code: "custom", path: [key], message });
    if (env.INVOICE_PROVIDER === "nilvera" && !env.NILVERA_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["NILVERA_API_KEY"], message: "is required when INVOICE_PROVIDER=nilvera" });
    }
    if (env.SMS_PROVIDER === "netgsm") {
      for (const key of ["NETGSM_USERCODE", "NETGSM_PASSWORD", "NETGSM_MSGHEADER"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when SMS_PROVIDER=netgsm" });
      }
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: "custom", path: ["OIDC_CLIENT_ID"], message: "is required when OIDC_ISSUER is set" });
    }
  });

export type Env = z.infer<typeof schema>;

export interface Config {
  env: Env["NODE_ENV"];
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Output of `react-router build`; static files are served from its client/ folder. */
  buildDir: string;
  mailOutboxDir: string;
  mailFrom: string;
  smtpUrl: string | undefined;
  shopNow: string | undefined;
  paymentProvider: Env["PAYMENT_PROVIDER"];
  iyzico: { apiKey?: string; secretKey?: string; baseUrl?: string };
  admin: { email?: string; password?: string };
  logLevel: Env["LOG_LEVEL"];
  chatUrl: string;
  /** Where contact-form messages are mailed. */
  contactEmail: string;
  /** Proxies trusted for X-Forwarded-For/-Proto/-Host (see TrustProxy). */
  trustProxy: TrustProxy;
  /**
   * What an empty database is seeded with: `demo` (the newcomer's shop: catalogue and demo promotion codes),
   * `catalog` (the product catalogue, no demo codes), `none` (no products either). Settings every shop needs
   * (geography, delivery, site texts, the prize game's periods) are seeded in every case.
   */
  seed: Env["SEED"];
  /** PostgreSQL pool and timeouts (ignored by PGlite except the start wait). */
  db: { poolMax: number; connectTimeoutMs: number; statementTimeoutMs: number; idleTimeoutMs: number; startWaitSeconds: number };
  /** /metrics answers only `Authorization: Bearer <metricsToken>`; unset: no metrics endpoint. */
  metricsToken: string | undefined;
  /** SIGTERM: in-flight requests and the current job may take this long before the process exits anyway. */
  shutdownTimeoutSeconds: number;
  /** PUBLIC_URL as given (undefined when unset): start-up warns in production when it is missing or not https. */
  publicUrlGiven: boolean;
  /** Key for signed links and cookies; generated and kept in the database when not given. */
  secretKey: string | undefined;
  /** minimal: only İstanbul's neighbourhoods are loaded (unit tests); full: every neighbourhood. */
  geoSeed: Env["GEO_SEED"];
  /**
   * Sessions end after this long without a request, and in any case after `absoluteHours`. A staff member's
   * session (admin, operations, marketing) uses the shorter `staffIdleMinutes` / `staffAbsoluteHours`.
   */
  session: { idleMinutes: number; absoluteHours: number; staffIdleMinutes: number; staffAbsoluteHours: number };
  /** Third-party sign-in (OpenID Connect); the button and routes work only when `issuer` is set. */
  oidc: { issuer?: string; clientId?: string; clientSecret?: string };
  /**
   * Anonymous pages (home, products, information pages) are kept rendered this many seconds per process for
   * visitors without a session (http/page-cache.ts); 0 turns the cache off.
   */
  pageCacheSeconds: number;
  /** `BENCH_ROUTES=1` serves /bench/empty (the framework floor of `npm run bench:load`) and /bench/queries (statements sent so far); off by default. */
  benchRoutes: boolean;
  /**
   * Test hook (refused in production): the process stops at this named point and waits to be killed, so a
   * crash test can SIGKILL it at an exact step (`pausePoint` in ~/.server/system/service.ts).
   */
  testPauseAt: string | undefined;
  /**
   * log2 of scrypt's N for new password hashes (`PASSWORD_HASH_COST`, decision 0050): 15 by default and at least 15 in
   * production; test runs use 10. A stored hash is always checked with the cost it was made with.
   */
  passwordHashCost: number;
  /**
   * The seller's identity (SELLER_* variables; issue 26 §1, decision 0032): required in production; elsewhere
   * the demo's example values ("ÖRNEK") when none is set. Read it with getSellerIdentity() (seller/service.ts).
   */
  seller: SellerIdentity;
  /**
   * e-Arşiv invoices (issue 26 §2): the provider, the 3-character GİB series, and the moment an order is invoiced —
   * when it is handed over (shipped, out for delivery or collected; the default), when it is ready, or when baking
   * starts.
   */
  invoice: { provider: Env["INVOICE_PROVIDER"]; series: string; moment: Env["INVOICE_MOMENT"]; timeoutMs: number; nilvera: { apiKey?: string; baseUrl: string } };
  /**
   * SMS to buyers (sms/service.ts): `folder` writes each message to `outboxDir` as JSON (the default, like the
   * mail outbox); `netgsm` sends it through Netgsm's REST v2 API, waiting at most `timeoutMs` for an answer.
   */
  sms: { provider: Env["SMS_PROVIDER"]; outboxDir: string; timeoutMs: number; netgsm: { usercode?: string; password?: string; msgheader?: string; baseUrl: string } };
  /** Where the staff alert for each new order is mailed (alerts/service.ts); unset: no alert mail (the staff area still shows it). */
  staffAlertEmail: string | undefined;
  /** A job that failed for good (a mail or SMS that could not be sent) is kept this many days for staff to resend, then purged. */
  failedJobRetentionDays: number;
  version: string;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "?");
    throw new ConfigError(`Yapılandırma hatası / configuration error: ${name} ${issue.message} (${printable(name, cleaned[name])})`);
  }
  const e = parsed.data;
  // relative paths are taken from the shop's own directory, so the server starts from any working directory
  const dataDir = fromCodeRoot(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    buildDir: fromCodeRoot(e.BUILD_DIR),
    mailOutboxDir: e.MAIL_OUTBOX_DIR ? fromCodeRoot(e.MAIL_OUTBOX_DIR) : `${dataDir.replace(/\/$/, "")}/outbox`,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    shopNow: e.SHOP_NOW,
    paymentProvider: e.PAYMENT_PROVIDER,
    iyzico: { apiKey: e.IYZICO_API_KEY, secretKey: e.IYZICO_SECRET_KEY, baseUrl: e.IYZICO_BASE_URL },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    chatUrl: e.CHAT_URL,
    contactEmail: e.CONTACT_EMAIL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    seed: e.SEED,
    db: {
      poolMax: e.DB_POOL_MAX,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleTimeoutMs: e.DB_IDLE_TIMEOUT_MS,
      startWaitSeconds: e.DB_START_WAIT_SECONDS,
    },
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    publicUrlGiven: e.PUBLIC_URL !== undefined,
    secretKey: e.SECRET_KEY,
    geoSeed: e.GEO_SEED,
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      staffIdleMinutes: e.SESSION_STAFF_IDLE_MINUTES,
      staffAbsoluteHours: e.SESSION_STAFF_ABSOLUTE_HOURS,
    },
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    benchRoutes: e.BENCH_ROUTES === "1",
    testPauseAt: e.TEST_PAUSE_AT,
    passwordHashCost: e.PASSWORD_HASH_COST,
    seller: sellerFromEnv(e, publicUrl),
    invoice: {
      provider: e.INVOICE_PROVIDER,
      series: e.INVOICE_SERIES,
      moment: e.INVOICE_MOMENT,
      timeoutMs: e.INVOICE_PROVIDER_TIMEOUT_MS,
      nilvera: { apiKey: e.NILVERA_API_KEY, baseUrl: e.NILVERA_BASE_URL },
    },
    sms: {
      provider: e.SMS_PROVIDER,
      outboxDir: e.SMS_OUTBOX_DIR ? fromCodeRoot(e.SMS_OUTBOX_DIR) : `${dataDir.replace(/\/$/, "")}/sms-outbox`,
      timeoutMs: e.SMS_TIMEOUT_MS,
      netgsm: { usercode: e.NETGSM_USERCODE, password: e.NETGSM_PASSWORD, msgheader: e.NETGSM_MSGHEADER, baseUrl: e.NETGSM_BASE_URL.replace(/\/$/, "") },
    },
    staffAlertEmail: e.STAFF_ALERT_EMAIL,
    failedJobRetentionDays: e.FAILED_JOB_RETENTION_DAYS,
    version: typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "dev",
  };
}
