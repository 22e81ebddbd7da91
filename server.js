// Launcher. Production (default): the SSR bundle in build/server. `--dev`: Vite middleware with HMR.
const dev = process.argv.includes("--dev");

if (dev) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const { start } = await vite.ssrLoadModule("./server.ts");
  await start({ vite });
} else {
  const buildDir = process.env.BUILD_DIR || "build";
  const { start } = await import(new URL(`./${buildDir}/server/index.js`, import.meta.url).href);
  await start();
}
