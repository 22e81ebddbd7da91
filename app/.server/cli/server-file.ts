import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

/**
 * A running server that owns a PGlite directory writes DATA_DIR/server.json (pid, port, token, mode 0600)
 * so the CLI goes through it instead of opening the directory a second time.
 */
export interface ServerFile {
  pid: number;
  port: number;
  token: string;
}

export function serverFilePath(dataDir: string): string {
  return resolve(dataDir, "server.json");
}

/**
 * Claims the PGlite directory for this server: creates server.json only when no other running server holds it
 * (exclusive create, so two servers starting at once cannot both win). A file left by a server that is gone is
 * taken over. Returns the other server's file when the directory is in use.
 */
export function claimServerFile(dataDir: string, pid: number, port: number): { ok: true; file: ServerFile } | { ok: false; holder: ServerFile } {
  mkdirSync(dataDir, { recursive: true });
  const file = { pid, port, token: randomBytes(24).toString("base64url") };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(serverFilePath(dataDir), JSON.stringify(file), { mode: 0o600, flag: "wx" });
      return { ok: true, file };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const holder = readServerFile(dataDir);
      if (holder && holder.pid !== pid) return { ok: false, holder };
      // left behind by a server that is gone (or unreadable): take it over
      rmSync(serverFilePath(dataDir), { force: true });
    }
  }
  const holder = readServerFile(dataDir);
  return holder ? { ok: false, holder } : { ok: false, holder: { pid: 0, port: 0, token: "" } };
}

export function removeServerFile(dataDir: string, token: string): void {
  const f = readServerFile(dataDir);
  if (f && f.token === token) rmSync(serverFilePath(dataDir), { force: true });
}

export function readServerFile(dataDir: string): ServerFile | undefined {
  try {
    const f = JSON.parse(readFileSync(serverFilePath(dataDir), "utf8")) as ServerFile;
    process.kill(f.pid, 0); // throws when the process is gone
    return f;
  } catch {
    return undefined;
  }
}

export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
