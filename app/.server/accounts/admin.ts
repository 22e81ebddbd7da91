import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import type { UserRole } from "../db/schema/accounts";
import * as audit from "../audit/service";
import { queueMail } from "../mail/service";
import * as repo from "./repo";
import { digest, randomToken } from "./tokens";
import { normalizeEmail } from "~/shared/account";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * Staff and customer administration for the management area and the operator CLI (issue 12). Every change
 * writes its audit entry in the same transaction. Used through accounts/service.ts.
 */

const N = managementTr.notices;

/** A staff member (or the operator CLI) doing a change: `actor` as written in the audit log. */
export interface Actor {
  /** the staff user's id; null for the operator CLI */
  userId: number | null;
  actor: string;
}

export interface UserSummary {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  createdAt: Date;
  activatedAt: Date | null;
  disabledAt: Date | null;
  erasedAt: Date | null;
}

export type AdminResult = { ok: true; message: string } | { ok: false; error: string; status: number };

const roleText = (role: string) => (managementTr.roles as Record<string, string>)[role] ?? role;

/** Staff accounts (every role but customer), admins first. */
export async function listStaff(app: AppContext): Promise<UserSummary[]> {
  return repo.listStaff(app.db);
}

/** Customers whose name or e-mail contains `q` (newest first); without `q` the latest registrations. */
export async function searchCustomers(app: AppContext, q: string, page: number, pageSize: number): Promise<{ rows: UserSummary[]; total: number }> {
  return repo.searchCustomers(app.db, q.trim(), pageSize, (page - 1) * pageSize);
}

export async function userById(app: AppContext, id: number): Promise<UserSummary | undefined> {
  return repo.findUserSummary(app.db, id);
}

/** Names of users by id (to show who did what in the audit log). */
export async function namesOf(app: AppContext, ids: number[]): Promise<Map<number, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await repo.namesOfUsers(app.db, ids);
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}

/** A new staff member gets a link to set their password (valid 72 hours; the reset page takes it). */
export const INVITATION_TTL_MS = 72 * 3_600_000;

/**
 * Adds a staff member: an existing account gets the role (and signs in again); a new address gets an
 * activated account without a password and an invitation mail with a set-password link.
 */
export async function addStaff(
  app: AppContext,
  input: { email: string; name?: string; role: Exclude<UserRole, "customer"> },
  by: Actor,
): Promise<AdminResult & { created?: boolean }> {
  const email = normalizeEmail(input.email);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const existing = await repo.findUserByEmail(tx, email);
    if (existing) {
      if (existing.erasedAt) return { ok: false as const, error: managementTr.errors.notFoundBody, status: 404 };
      if (existing.id === by.userId) return { ok: false as const, error: N.notSelf, status: 409 };
      if (existing.role === "admin" && input.role !== "admin" && (await repo.countActiveAdmins(tx)) <= 1) return { ok: false as const, error: N.lastAdmin, status: 409 };
      await repo.setRole(tx, existing.id, input.role, now);
      await repo.updateUser(tx, existing.id, { activatedAt: existing.activatedAt ?? now, disabledAt: null });
      await repo.deleteUserSessions(tx, existing.id);
      await audit.record(app, tx, {
        actor: by.actor,
        action: "staff.add",
        entity: "user",
        entityId: existing.id,
        before: { email, role: existing.role, disabled: Boolean(existing.disabledAt) },
        after: { email, role: input.role, disabled: false },
      });
      return { ok: true as const, created: false, message: fmt(N.staffAdded, { email, role: roleText(input.role) }) };
    }
    const name = input.name?.trim() || email.split("@")[0]!;
    const created = await repo.insertUser(tx, { email, name, role: input.role, activatedAt: now, createdAt: now, updatedAt: now });
    if (!created) throw new Error("staff account insert raced");
    const code = randomToken();
    const token = await repo.insertToken(tx, { userId: created.id, purpose: "reset", tokenHash: digest(code), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), createdAt: now });
    const m = managementTr.mail;
    await queueMail(
      tx,
      {
        to: email,
        subject: m.invitationSubject,
        heading: m.invitationHeading,
        paragraphs: [fmt(m.invitationBody, { role: roleText(input.role) })],
        button: { label: managementTr.staff.add, url: `${app.config.publicUrl}/resetpass/${code}` },
      },
      { dedupeKey: `account:invitation:${token.id}` },
    );
    await audit.record(app, tx, { actor: by.actor, action: "staff.add", entity: "user", entityId: created.id, before: null, after: { email, name, role: input.role } });
    return { ok: true as const, created: true, message: fmt(N.staffInvited, { email, role: roleText(input.role) }) };
  });
}

/** Changes a staff member's role (or makes them a customer again with `role: 'customer'`); their sessions end. */
export async function changeRole(app: AppContext, userId: number, role: UserRole, by: Actor): Promise<AdminResult> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, userId);
    if (!user || user.role === "customer" || user.erasedAt) return { ok: false as const, error: N.isCustomerAlready, status: 404 };
    if (user.id === by.userId) return { ok: false as const, error: N.notSelf, status: 409 };
    if (user.role === "admin" && role !== "admin" && (await repo.countActiveAdmins(tx)) <= 1) return { ok: false as const, error: N.lastAdmin, status: 409 };
    if (user.role === role) return { ok: true as const, message: fmt(N.roleChanged, { email: user.email, role: roleText(role) }) };
    await repo.setRole(tx, user.id, role, now);
    await repo.deleteUserSessions(tx, user.id);
    await audit.record(app, tx, {
      actor: by.actor,
      action: role === "customer" ? "staff.remove" : "staff.role",
      entity: "user",
      entityId: user.id,
      before: { email: user.email, role: user.role },
      after: { email: user.email, role },
    });
    const message = role === "customer" ? fmt(N.staffRemoved, { email: user.email }) : fmt(N.roleChanged, { email: user.email, role: roleText(role) });
    return { ok: true as const, message };
  });
}

/** Deactivates (or reactivates) a customer account: a deactivated account cannot sign in; its sessions end. */
export async function setDisabled(app: AppContext, userId: number, disabled: boolean, by: Actor): Promise<AdminResult> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user) return { ok: false as const, error: managementTr.errors.notFoundBody, status: 404 };
    if (user.role !== "customer") return { ok: false as const, error: N.notCustomer, status: 409 };
    if (user.erasedAt) return { ok: false as const, error: N.alreadyErased, status: 409 };
    if (Boolean(user.disabledAt) !== disabled) {
      await repo.updateUser(tx, user.id, { disabledAt: disabled ? now : null, updatedAt: now });
      if (disabled) await repo.deleteUserSessions(tx, user.id);
      await audit.record(app, tx, {
        actor: by.actor,
        action: disabled ? "customer.deactivate" : "customer.reactivate",
        entity: "user",
        entityId: user.id,
        before: { disabled: Boolean(user.disabledAt) },
        after: { disabled },
      });
    }
    return { ok: true as const, message: disabled ? N.deactivated : N.reactivated };
  });
}

/** The replacement e-mail of an erased account (unique, never deliverable: the .invalid domain). */
export const erasedEmail = (userId: number) => `silindi-${userId}@kvkk.invalid`;

/**
 * KVKK erasure of the account row, in the caller's transaction: name and e-mail replaced, password and
 * third-party link removed, deactivated, sessions and codes deleted. Returns the e-mail it had (to find the
 * person's guest orders), or null when there is nothing to erase.
 */
export async function eraseAccount(app: AppContext, tx: DbOrTx, userId: number): Promise<{ email: string; replacement: string } | null> {
  const user = await repo.lockUser(tx, userId);
  if (!user || user.role !== "customer" || user.erasedAt) return null;
  const now = app.clock.now();
  const replacement = erasedEmail(user.id);
  await repo.updateUser(tx, user.id, {
    email: replacement,
    name: managementTr.erasedName,
    passwordHash: null,
    oidcSubject: null,
    disabledAt: user.disabledAt ?? now,
    erasedAt: now,
    updatedAt: now,
  });
  await repo.deleteUserSessions(tx, user.id);
  await repo.deleteTokensOf(tx, user.id);
  return { email: user.email, replacement };
}

/** The account's own data for a KVKK export (no password hash, no tokens). */
export async function exportAccount(app: AppContext, userId: number) {
  const user = await repo.findUserById(app.db, userId);
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    activatedAt: user.activatedAt?.toISOString() ?? null,
    disabledAt: user.disabledAt?.toISOString() ?? null,
    thirdPartySignIn: Boolean(user.oidcSubject),
  };
}

export type { UserRole };
