// `npm run backup -- DIR`, `npm run restore -- DIR`: see docs/deploy.md "Backups". Needs a build.
import { existsSync } from "node:fs";

const entry = new URL(`../${process.env.BUILD_DIR || "build"}/server/index.js`, import.meta.url);
if (!existsSync(entry)) {
  console.error("Önce derleyin / build first: npm run build");
  process.exit(1);
}
const { runBackupCli } = await import(entry.href);
process.exitCode = await runBackupCli(process.argv.slice(2));
