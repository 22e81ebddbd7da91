import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { queueMail, type MailAttachment } from "../mail/service";
import type { MailContent } from "../mail/service";
import { normalizeEmail } from "~/shared/account";
import { consentTr } from "~/shared/texts/consent.tr";
import { fmt } from "~/shared/texts/tr";
import * as repo from "./repo";

/**
 * Commercial-message consent (issue 26 §4, decision 0034): opt-in only, every grant and withdrawal recorded
 * (who, when, text version, channel, source, IP), withdrawn in one click from every marketing mail (signed link
 * and RFC 8058 List-Unsubscribe), exported for İYS.
 */
export type Channel = "email" | "sms";
export type ConsentSource = "signup" | "contact" | "memberarea" | "unsubscribe-link" | "list-unsubscribe" | "erasure";
export type ConsentStatus = "granted" | "withdrawn";

export const UNSUBSCRIBE_PATH = "/iletisim-izni/ayril";

export async function record(
  app: AppContext,
  db: DbOrTx,
  input: { email: string; status: ConsentStatus; source: ConsentSource; ip: string | null; userId?: number | null; channel?: Channel },
): Promise<void> {
  await repo.insertConsent(db, {
    recipient: normalizeEmail(input.email),
    channel: input.channel ?? "email",
    status: input.status,
    userId: input.userId ?? null,
    textVersion: consentTr.version,
    source: input.source,
    ip: input.ip,
    createdAt: app.clock.now(),
  });
}

/** Whether this address may receive marketing mail now (its latest record is a grant). */
export async function hasConsent(app: AppContext, email: string, channel: Channel = "email", db: DbOrTx = app.db): Promise<boolean> {
  return (await repo.latestStatus(db, normalizeEmail(email), channel)) === "granted";
}

function signature(app: AppContext, email: string): string {
  return createHmac("sha256", app.secretKey).update(`unsubscribe:email:${normalizeEmail(email)}`).digest("base64url");
}

/** The one-click withdrawal address for a recipient (no expiry: it must work from any old mail). Absolute. */
export function unsubscribeUrl(app: AppContext, email: string): string {
  const e = normalizeEmail(email);
  return `${app.config.publicUrl}${UNSUBSCRIBE_PATH}?e=${encodeURIComponent(e)}&sig=${signature(app, e)}`;
}

export function validUnsubscribe(app: AppContext, email: string, sig: string): boolean {
  if (!/^[A-Za-z0-9_-]{43}$/.test(sig) || !email) return false;
  const a = Buffer.from(signature(app, email));
  const b = Buffer.from(sig);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A signed withdrawal (the mail's link, or its List-Unsubscribe-Post): records it; false for a bad signature. */
export async function withdrawBySignedLink(app: AppContext, email: string, sig: string, source: "unsubscribe-link" | "list-unsubscribe", ip: string): Promise<boolean> {
  if (!validUnsubscribe(app, email, sig)) return false;
  // a second click records nothing new
  if (await hasConsent(app, email)) await record(app, app.db, { email, status: "withdrawn", source, ip });
  return true;
}

/**
 * Every marketing mail goes through here: only to a recipient whose consent stands, with the one-click
 * withdrawal link in its text and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 2369, RFC 8058).
 * Returns false (nothing queued) without consent.
 */
export async function queueMarketingMail(
  app: AppContext,
  db: DbOrTx,
  mail: { to: string; subject: string; attachments?: MailAttachment[] } & MailContent,
  opts: { dedupeKey?: string } = {},
): Promise<boolean> {
  if (!(await hasConsent(app, mail.to, "email", db))) return false;
  const url = unsubscribeUrl(app, mail.to);
  await queueMail(
    db,
    { ...mail, paragraphs: [...mail.paragraphs, fmt(consentTr.mail.footer, { url })], headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } },
    opts,
  );
  return true;
}

export const IYS_COLUMNS = ["type", "source", "recipient", "status", "consentDate", "recipientType"] as const;

/**
 * The İYS export: the current state of every recipient, one row each, with the fields of an İYS consent record
 * (İYS API "izin" fields): type (EPOSTA / MESAJ), source (HS_WEB: given on the web site), recipient,
 * status (ONAY / RET), consentDate ("YYYY-MM-DD HH:mm:ss", Istanbul time), recipientType (BIREYSEL).
 * Erased recipients (hashed) are left out: İYS needs the address, and there is nobody to send to.
 */
export async function iysCsv(app: AppContext): Promise<{ csv: string; rows: number }> {
  const all = await repo.listUnhashed(app.db);
  const latest = new Map<string, (typeof all)[number]>();
  for (const r of all) latest.set(`${r.channel} ${r.recipient}`, r);
  const istanbul = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
  const list = [...latest.values()].sort((a, b) => a.recipient.localeCompare(b.recipient));
  const csv = stringify(
    list.map((r) => [r.channel === "sms" ? "MESAJ" : "EPOSTA", "HS_WEB", r.recipient, r.status === "granted" ? "ONAY" : "RET", istanbul(r.createdAt), "BIREYSEL"]),
    { header: true, columns: [...IYS_COLUMNS] },
  );
  return { csv, rows: list.length };
}

const hashed = (email: string) => `sha256:${createHash("sha256").update(normalizeEmail(email)).digest("hex")}`;

/**
 * KVKK erasure: the person's consent records keep their times, versions and sources (proof of what was
 * given and withdrawn) but no longer the address or the IP; a withdrawal closes the history.
 */
export async function forgetEmail(app: AppContext, tx: DbOrTx, email: string, userId: number | null): Promise<void> {
  const recipient = normalizeEmail(email);
  if (await hasConsent(app, recipient, "email", tx)) await record(app, tx, { email: recipient, status: "withdrawn", source: "erasure", ip: null, userId });
  await repo.hashRecipient(tx, recipient, hashed(recipient));
  if (userId !== null) await repo.clearIpsOfUser(tx, userId);
}
