import type { Config } from "./config";
import type { AppContext } from "./context";
import { openDatabase, migrate, type Database } from "./db/client";
import { createCache } from "./db/cache";
import { createLogger, type Logger } from "./log";
import { GEO_REST_SEEDS, seedAll, seedsFor } from "./seed";
import { ensureSecretKey } from "./system/service";
import { ensureAdmin } from "./accounts/service";
import { installSellerIdentity } from "./seller/service";
import { fixedClock, istanbulDate, systemClock, type Clock } from "~/shared/clock";

export interface Booted {
  ctx: AppContext;
  close(): Promise<void>;
}

export function clockFromConfig(config: Config): Clock {
  return config.shopNow && !config.production ? fixedClock(config.shopNow) : systemClock;
}

/** Opens the database, applies migrations, seeds an empty database and builds the AppContext. */
export async function boot(
  config: Config,
  opts: { log?: Logger; database?: Database; clock?: Clock; listen?: boolean } = {},
): Promise<Booted> {
  const log = opts.log ?? createLogger(config.logLevel);
  installSellerIdentity(config);
  if (config.seller.example) log.warn("the seller's identity is the demo's example (ÖRNEK): set the SELLER_* variables");
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pool: {
        max: config.db.poolMax,
        connectTimeoutMs: config.db.connectTimeoutMs,
        statementTimeoutMs: config.db.statementTimeoutMs,
        idleTimeoutMs: config.db.idleTimeoutMs,
        startWaitSeconds: opts.listen === false ? 0 : config.db.startWaitSeconds,
        log,
      },
    }));
  await migrate(database);
  const clock = opts.clock ?? clockFromConfig(config);
  const today = istanbulDate(clock.now());
  const seeded = await seedAll(database, seedsFor(config.seed), today);
  if (config.geoSeed === "full") seeded.push(...(await seedAll(database, GEO_REST_SEEDS, today)));
  if (seeded.length > 0) log.info({ seeded }, "demo data seeded");
  const cache = createCache(database, clock);
  if (opts.listen !== false) await cache.start();
  const secretKey = await ensureSecretKey(database.db, config.secretKey);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    cache,
    clock,
    log,
    secretKey,
  };
  const admin = await ensureAdmin(ctx);
  if (admin !== "skipped") log.info({ admin }, "staff account from ADMIN_EMAIL");
  return {
    ctx,
    async close() {
      await cache.stop();
      await database.close();
    },
  };
}
