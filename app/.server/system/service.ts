import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../db/client";
import * as repo from "./repo";

/** Returns the signing key: from config when given, else generated once and kept in the database. */
export async function ensureSecretKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString("base64url");
  await repo.insertSecretIfAbsent(db, "secret_key", fresh);
  const value = await repo.findSecret(db, "secret_key");
  if (value === undefined) throw new Error("secret key missing after insert");
  return value;
}

/**
 * Crash-test hook (issue 13): when TEST_PAUSE_AT names this point (refused in production by config.ts), the
 * request stops here for good after leaving `pause-<name>` in the data directory, so a test can SIGKILL the
 * process at exactly this step. Without the setting it costs one comparison.
 */
export async function pausePoint(app: { config: { testPauseAt: string | undefined; dataDir: string; production: boolean } }, name: string): Promise<void> {
  if (app.config.testPauseAt !== name || app.config.production) return;
  mkdirSync(app.config.dataDir, { recursive: true });
  writeFileSync(join(app.config.dataDir, `pause-${name}`), String(process.pid));
  await new Promise<never>(() => {});
}
