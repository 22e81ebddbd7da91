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

export function writeServerFile(dataDir: string, pid: number, port: number): ServerFile {
  mkdirSync(dataDir, { recursive: true });
  const file = { pid, port, token: randomBytes(24).toString("base64url") };
  writeFileSync(serverFilePath(dataDir), JSON.stringify(file), { mode: 0o600 });
  return file;
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
