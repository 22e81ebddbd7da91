import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Cache } from "./db/cache";
import type { Clock } from "~/shared/clock";
import type { Logger } from "./log";

/** What every service receives: built once per process in server.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  cache: Cache;
  clock: Clock;
  log: Logger;
  /** Key for HMAC-signed links and cookies. */
  secretKey: string;
}

/** Per-request values handed to loaders and actions next to the AppContext. */
export type RequestContext = {
  app: AppContext;
  requestId: string;
  nonce: string;
  clientIp: string;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
