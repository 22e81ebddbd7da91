#!/usr/bin/env node
// Our npm registry mirror only serves packages for this platform (linux-x64-gnu). npm then leaves the
// other platforms' native builds of rollup, tailwind's oxide and sharp (@img/sharp-*, @img/sharp-libvips-*)
// out of package-lock.json, and `npm ci` refuses the lock ("Missing: … from lock file"). This adds those
// entries, marked optional with their os/cpu/libc, so `npm ci` accepts the lock and skips them on this
// platform (it never downloads them). Entries npm wrote itself (with their integrity) are left as they are.
// Run after `npm install` has rewritten package-lock.json:  node scripts/lock-foreign-optionals.js
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

function platformOf(suffix) {
  if (suffix === "wasm32-wasi") return { cpu: ["wasm32"] };
  const [os, cpu, abi] = suffix.split("-");
  const out = { os: [os === "openharmony" ? "openharmony" : os], cpu: [cpu] };
  if (os === "linux" && abi) out.libc = [abi.startsWith("musl") ? "musl" : "glibc"];
  return out;
}

/**
 * sharp's platform packages (0.35): `@img/sharp-{platform}` and `@img/sharp-libvips-{platform}`, where the
 * platform is `{os}-{cpu}` with `linuxmusl` for Linux on musl, or a WebAssembly build: `freebsd-wasm32` (os
 * freebsd) and `webcontainers-wasm32` (cpu wasm32), as their package.json files say.
 */
function sharpPlatformOf(suffix) {
  const platform = suffix.replace(/^libvips-/, "");
  if (platform === "freebsd-wasm32") return { os: ["freebsd"] };
  if (platform === "webcontainers-wasm32" || platform === "wasm32") return { cpu: ["wasm32"] };
  const [os, cpu] = platform.split("-");
  if (os === "linuxmusl") return { os: ["linux"], cpu: [cpu], libc: ["musl"] };
  if (os === "linux") return { os: ["linux"], cpu: [cpu], libc: ["glibc"] };
  return { os: [os], cpu: [cpu] };
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies ?? {};
  for (const [name, range] of Object.entries(optional)) {
    const m = /^@(rollup\/rollup|tailwindcss\/oxide|img\/sharp)-(.+)$/.exec(name);
    if (!m) continue;
    const base = path.includes("node_modules/") ? path.slice(0, path.lastIndexOf("node_modules/")) : "";
    const here = `${base}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[here] || packages[top]) continue;
    const platform = m[1] === "img/sharp" ? sharpPlatformOf(m[2]) : platformOf(m[2]);
    packages[top] = { version: range, dev: meta.dev || undefined, optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(LOCK, JSON.stringify(lock, null, 2) + "\n");
console.log(`lock-foreign-optionals: added ${added} entries`);
