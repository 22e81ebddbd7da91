import { z } from "zod";

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
    TRUST_PROXY: z.enum(["0", "1"]).default("0"),
    SECRET_KEY: z.string().min(32).optional(),
    GEO_SEED: z.enum(["full", "minimal"]).default("full"),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(525_600).default(10_080),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(8_760).default(720),
    SESSION_STAFF_IDLE_MINUTES: z.coerce.number().int().min(5).max(1_440).default(30),
    SESSION_STAFF_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(72).default(12),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    BENCH_ROUTES: z.enum(["0", "1"]).default("0"),
    TEST_PAUSE_AT: z
      .string()
      .regex(/^[\w.-]{1,64}$/)
      .optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SHOP_NOW && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["SHOP_NOW"], message: "is refused when NODE_ENV=production" });
    }
    if (env.TEST_PAUSE_AT && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["TEST_PAUSE_AT"], message: "is refused when NODE_ENV=production" });
    }
    if (env.PAYMENT_PROVIDER === "iyzico") {
      for (const key of ["IYZICO_API_KEY", "IYZICO_SECRET_KEY", "IYZICO_BASE_URL"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENT_PROVIDER=iyzico" });
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
  trustProxy: boolean;
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
  version: string;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "?");
    throw new ConfigError(`Yapılandırma hatası / configuration error: ${name} ${issue.message} (value: ${JSON.stringify(cleaned[name] ?? null)})`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR;
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    buildDir: e.BUILD_DIR,
    mailOutboxDir: e.MAIL_OUTBOX_DIR ?? `${dataDir.replace(/\/$/, "")}/outbox`,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    shopNow: e.SHOP_NOW,
    paymentProvider: e.PAYMENT_PROVIDER,
    iyzico: { apiKey: e.IYZICO_API_KEY, secretKey: e.IYZICO_SECRET_KEY, baseUrl: e.IYZICO_BASE_URL },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    chatUrl: e.CHAT_URL,
    contactEmail: e.CONTACT_EMAIL,
    trustProxy: e.TRUST_PROXY === "1",
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
    version: typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "dev",
  };
}
