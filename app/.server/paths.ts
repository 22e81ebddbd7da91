import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/**
 * The shop's own directory (where package.json and drizzle/ are), found from this code's location — the source
 * file in development and tests, the SSR bundle in build/server/ in production — so the server starts from any
 * working directory.
 */
export function codeRoot(): string {
  if (root) return root;
  const starts = [dirname(fileURLToPath(import.meta.url)), ...(process.argv[1] ? [dirname(resolve(process.argv[1]))] : [])];
  for (const start of starts) {
    for (let dir = start; ; dir = dirname(dir)) {
      if (existsSync(join(dir, "drizzle", "meta", "_journal.json")) && existsSync(join(dir, "package.json"))) return (root = dir);
      if (dirname(dir) === dir) break;
    }
  }
  return (root = process.cwd());
}

/** A path from configuration: absolute as given, relative to the shop's directory otherwise. */
export function fromCodeRoot(path: string): string {
  return isAbsolute(path) ? path : join(codeRoot(), path);
}
