// Loads a TypeScript module of the shop (with its `~/` imports) through Vite's SSR loader, so benchmark
// scripts can prepare data through the shop's own services. Call close() when done.
import { createServer } from "vite";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export async function loadShopModule(path) {
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: "error",
    resolve: { alias: { "~": `${root}app` } },
    define: { __APP_VERSION__: JSON.stringify("bench") },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    optimizeDeps: { noDiscovery: true, include: [] },
    ssr: { external: ["@electric-sql/pglite", "pg", "pino", "nodemailer"] },
  });
  const mod = await vite.ssrLoadModule(path);
  return { mod, close: () => vite.close() };
}
