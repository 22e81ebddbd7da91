// `npm run site -- …`: operator commands (maintenance, messages, staff). Needs a build (npm run build).
import { existsSync } from "node:fs";

const entry = new URL(`../${process.env.BUILD_DIR || "build"}/server/index.js`, import.meta.url);
if (!existsSync(entry)) {
  console.error("Önce derleyin / build first: npm run build");
  process.exit(1);
}
const { runSiteCli } = await import(entry.href);
process.exitCode = await runSiteCli(process.argv.slice(2));
