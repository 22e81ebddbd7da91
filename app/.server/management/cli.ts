import { parseArgs } from "node:util";
import type { AppContext } from "../context";
import * as accounts from "../accounts/service";
import { STAFF_ROLES, type StaffRole } from "~/shared/management";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * Operator commands for staff accounts (issue 12): `npm run site -- staff …`. They go through the running
 * server when it owns the PGlite directory (server.ts), and are written to the audit log as 'cli'.
 */
export const STAFF_USAGE = `  npm run site -- staff add --email <e-posta> --role admin|operations|marketing [--name "Ad Soyad"]
  npm run site -- staff role --email <e-posta> --role admin|operations|marketing
  npm run site -- staff remove --email <e-posta>
  npm run site -- staff list`;

export class StaffUsageError extends Error {}

export type StaffCommand =
  | { name: "add"; email: string; role: StaffRole; fullName?: string }
  | { name: "role"; email: string; role: StaffRole }
  | { name: "remove"; email: string }
  | { name: "list" };

const CLI = { userId: null, actor: "cli" } as const;
const isRole = (r: string | undefined): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r ?? "");
const isEmail = (e: string | undefined): e is string => typeof e === "string" && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.trim());

/** `argv` after 'staff'. */
export function parseStaffCommand(argv: string[]): StaffCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } } });
  } catch {
    throw new StaffUsageError(STAFF_USAGE);
  }
  const { values, positionals } = parsed;
  const [cmd] = positionals;
  if (cmd === "list" && positionals.length === 1) return { name: "list" };
  if (cmd === "add" && isEmail(values.email) && isRole(values.role)) return { name: "add", email: values.email, role: values.role, fullName: values.name };
  if (cmd === "role" && isEmail(values.email) && isRole(values.role)) return { name: "role", email: values.email, role: values.role };
  if (cmd === "remove" && isEmail(values.email)) return { name: "remove", email: values.email };
  throw new StaffUsageError(STAFF_USAGE);
}

export async function runStaffCommand(app: AppContext, cmd: StaffCommand): Promise<string> {
  if (cmd.name === "list") {
    const staff = await accounts.listStaff(app);
    if (staff.length === 0) return managementTr.staff.noStaff;
    return staff.map((u) => `${u.email}\t${u.role}\t${u.name}${u.disabledAt ? "\t(devre dışı)" : ""}`).join("\n");
  }
  if (cmd.name === "add") {
    const r = await accounts.addStaff(app, { email: cmd.email, name: cmd.fullName, role: cmd.role }, CLI);
    if (!r.ok) throw new StaffUsageError(r.error);
    return r.message;
  }
  const user = await accounts.findUserByEmail(app, cmd.email);
  if (!user) throw new StaffUsageError(`${managementTr.errors.notFoundBody} (${cmd.email})`);
  const r = await accounts.changeRole(app, user.id, cmd.name === "remove" ? "customer" : cmd.role, CLI);
  if (!r.ok) throw new StaffUsageError(r.error);
  return r.message;
}
