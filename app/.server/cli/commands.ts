import { parseArgs } from "node:util";
import type { AppContext } from "../context";
import * as site from "../site/service";
import * as management from "../management/service";
import { FORTUNE_USAGE, FortuneUsageError, parseFortuneCommand, runFortuneCommand, type FortuneCommand } from "../fortune/cli";
import { CATALOG_USAGE, CatalogUsageError, parseCatalogCommand, runCatalogCommand, type CatalogCommand } from "../catalog/cli";
import { STAFF_USAGE, StaffUsageError, parseStaffCommand, runStaffCommand, type StaffCommand } from "../management/cli";

/**
 * Operator commands of `npm run site -- …`. Parsed here, executed against an AppContext either
 * directly (PostgreSQL, or PGlite while no server runs) or inside the running server.
 */
export class UsageError extends Error {}

/** How the operator's commands are written in the audit log (as `npm run site -- staff …` does). */
const CLI_ACTOR = { actor: "cli" } as const;

export const USAGE = `Kullanım / usage:
  npm run site -- maintenance on [--note "<p>…</p>"]
  npm run site -- maintenance off
  npm run site -- message [--top "…"] [--bottom "…"]   (boş metin mesajı kaldırır / empty text removes)
  npm run site -- status
${FORTUNE_USAGE}
${CATALOG_USAGE}
${STAFF_USAGE}`;

export type Command =
  | { name: "maintenance"; on: boolean; note?: string }
  | { name: "message"; top?: string; bottom?: string }
  | { name: "status" }
  | { name: "fortune"; cmd: FortuneCommand }
  | { name: "catalog"; cmd: CatalogCommand }
  | { name: "staff"; cmd: StaffCommand };

export function parseCommand(argv: string[]): Command {
  if (argv[0] === "fortune") {
    try {
      return { name: "fortune", cmd: parseFortuneCommand(argv.slice(1)) };
    } catch (e) {
      throw e instanceof FortuneUsageError ? new UsageError(e.message) : e;
    }
  }
  if (argv[0] === "staff") {
    try {
      return { name: "staff", cmd: parseStaffCommand(argv.slice(1)) };
    } catch (e) {
      throw e instanceof StaffUsageError ? new UsageError(e.message) : e;
    }
  }
  if (argv[0] === "price" || argv[0] === "vitrin") {
    try {
      return { name: "catalog", cmd: parseCatalogCommand(argv) };
    } catch (e) {
      throw e instanceof CatalogUsageError ? new UsageError(e.message) : e;
    }
  }
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { note: { type: "string" }, top: { type: "string" }, bottom: { type: "string" } },
  });
  const [cmd, arg] = positionals;
  if (cmd === "maintenance" && (arg === "on" || arg === "off")) return { name: "maintenance", on: arg === "on", note: values.note };
  if (cmd === "message" && (values.top !== undefined || values.bottom !== undefined)) return { name: "message", top: values.top, bottom: values.bottom };
  if (cmd === "status") return { name: "status" };
  throw new UsageError(USAGE);
}

export async function runCommand(app: AppContext, cmd: Command): Promise<string> {
  switch (cmd.name) {
    // written to the audit log like the panel's changes, with the actor 'cli'
    case "maintenance": {
      await management.setMaintenance(app, CLI_ACTOR, cmd.on, cmd.note);
      const s = await site.getStatus(app);
      return s.maintenance ? "Bakım modu açık (maintenance on)" : "Bakım modu kapalı (maintenance off)";
    }
    case "message": {
      await management.setMessages(app, CLI_ACTOR, cmd.top, cmd.bottom);
      const s = await site.getStatus(app);
      return `Üst mesaj: ${JSON.stringify(s.topMsg)}\nAlt mesaj: ${JSON.stringify(s.botMsg)}`;
    }
    case "fortune":
      try {
        return await runFortuneCommand(app, cmd.cmd);
      } catch (e) {
        throw e instanceof FortuneUsageError ? new UsageError(e.message) : e;
      }
    case "catalog":
      try {
        return await runCatalogCommand(app, cmd.cmd);
      } catch (e) {
        throw e instanceof CatalogUsageError ? new UsageError(e.message) : e;
      }
    case "staff":
      try {
        return await runStaffCommand(app, cmd.cmd);
      } catch (e) {
        throw e instanceof StaffUsageError ? new UsageError(e.message) : e;
      }
    case "status": {
      const s = await site.getStatus(app);
      return JSON.stringify({ maintenance: s.maintenance, note: s.maintenanceNote, top: s.topMsg, bottom: s.botMsg, version: s.version });
    }
  }
}
