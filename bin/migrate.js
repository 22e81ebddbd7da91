// `npm run migrate`: applies the database migrations and exits (release step; see docs/deploy.md). Needs a build.
import { existsSync } from "node:fs";

const entry = new URL(`../${process.env.BUILD_DIR || "build"}/server/index.js`, import.meta.url);
if (!existsSync(entry)) {
  console.error("Önce derleyin / build first: npm run build");
  process.exit(1);
}
const { runMigrate } = await import(entry.href);
process.exitCode = await runMigrate();
