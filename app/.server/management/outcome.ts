import type { StaffRole } from "~/shared/management";

/** What every part of the management module shares: the signed-in staff member and an action's answer. */

export interface Staff {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  /** How this staff member is written in order events and the audit log. */
  actor: string;
}

export type Outcome = { ok: true; message: string } | { ok: false; message: string; fields?: Record<string, string> };
export const ok = (message: string): Outcome => ({ ok: true, message });
export const failed = (message: string, fields?: Record<string, string>): Outcome => ({ ok: false, message, fields });
