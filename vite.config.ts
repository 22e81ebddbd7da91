import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Writes `.vite/chunk-modules.json` next to the client assets: which source modules went into which chunk.
 * `npm run bench:size` reads it to split framework from our code and to prove that no management module reaches
 * a customer page. Dot-directories are never served by express.static.
 */
function chunkModules(): Plugin {
  const root = fileURLToPath(new URL(".", import.meta.url));
  return {
    name: "shop:chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const map: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk") map[chunk.fileName] = chunk.moduleIds.map((id) => (id.startsWith(root) ? id.slice(root.length) : id));
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunk-modules.json", source: JSON.stringify(map) });
    },
  };
}

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig(({ isSsrBuild }) => ({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    rollupOptions: isSsrBuild ? { input: "./server.ts" } : undefined,
  },
  ssr: { external: ["@electric-sql/pglite", "pg", "pino", "nodemailer"] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    chunkModules(),
    // the browser's files, compressed once at build (gzip 9 and brotli 11) and served as they are (server.ts):
    // brotli 11 is about 12 % smaller than what on-the-fly compression could afford per request
    !isSsrBuild && compression({ include: /\.(js|css|svg|json|txt|xml|webmanifest)$/, exclude: /(^|\/)\.vite\//, threshold: 1024, algorithms: ["gzip", "brotliCompress"], logLevel: "silent" }),
  ],
}));
