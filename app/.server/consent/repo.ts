/** Consent's SQL: the append-only record of commercial-message grants and withdrawals (marketing_consents). */
import { and, asc, desc, eq, notLike } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { marketingConsents } from "../db/schema/consents";

export type ConsentRow = typeof marketingConsents.$inferSelect;
export type NewConsent = typeof marketingConsents.$inferInsert;

export async function insertConsent(db: DbOrTx, row: NewConsent): Promise<void> {
  await db.insert(marketingConsents).values(row);
}

/** The status of the recipient's latest record on this channel (undefined: none). */
export async function latestStatus(db: DbOrTx, recipient: string, channel: string): Promise<string | undefined> {
  const [last] = await db
    .select({ status: marketingConsents.status })
    .from(marketingConsents)
    .where(and(eq(marketingConsents.recipient, recipient), eq(marketingConsents.channel, channel)))
    .orderBy(desc(marketingConsents.id))
    .limit(1);
  return last?.status;
}

/** Every record whose recipient is not erased (not hashed, "sha256:…"), oldest first. */
export function listUnhashed(db: DbOrTx): Promise<ConsentRow[]> {
  return db.select().from(marketingConsents).where(notLike(marketingConsents.recipient, "sha256:%")).orderBy(asc(marketingConsents.id));
}

/** KVKK erasure: the recipient's records get `hashedRecipient` in place of the address, and lose their IP. */
export async function hashRecipient(db: DbOrTx, recipient: string, hashedRecipient: string): Promise<void> {
  await db.update(marketingConsents).set({ recipient: hashedRecipient, ip: null }).where(eq(marketingConsents.recipient, recipient));
}

/** KVKK erasure: the member's records lose their IP. */
export async function clearIpsOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.update(marketingConsents).set({ ip: null }).where(eq(marketingConsents.userId, userId));
}
