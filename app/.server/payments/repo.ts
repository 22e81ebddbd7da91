import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Companion, DbOrTx, Rider } from "../db/client";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { paymentAttempts, paymentIntents, paymentRefunds, savedCards } from "../db/schema/payments";

export type IntentRow = typeof paymentIntents.$inferSelect;
export type NewIntent = typeof paymentIntents.$inferInsert;
export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type NewAttempt = typeof paymentAttempts.$inferInsert;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;
export type NewSavedCard = typeof savedCards.$inferInsert;

/** A payment and the record of its first provider call, in one statement (data-modifying WITH). */
export async function insertIntentWithAttempt(db: DbOrTx, intent: NewIntent, call: NewAttempt): Promise<{ intent: IntentRow; attemptId: number }> {
  const started = db.$with("started").as(db.insert(paymentIntents).values(intent).returning());
  const recorded = db.$with("recorded").as(db.insert(paymentAttempts).values(call).returning({ attemptId: paymentAttempts.id }));
  const [row] = await db.with(started, recorded).select().from(started).innerJoin(recorded, sql`true`);
  if (!row) throw new Error("payment insert returned nothing");
  return { intent: row.started, attemptId: row.recorded.attemptId };
}

export async function findIntent(db: DbOrTx, id: string): Promise<IntentRow | undefined> {
  const [r] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return r;
}

export async function lockIntent(db: DbOrTx, id: string): Promise<IntentRow | undefined> {
  const [r] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).for("update");
  return r;
}

/** The intent of an order that is paid or being charged (at most one, by a unique index). */
export async function activeIntentForOrder(db: DbOrTx, orderRef: string): Promise<IntentRow | undefined> {
  const [r] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.orderRef, orderRef), inArray(paymentIntents.status, ["succeeded", "pending"])));
  return r;
}

export async function intentsForOrder(db: DbOrTx, orderRef: string): Promise<IntentRow[]> {
  return db.select().from(paymentIntents).where(eq(paymentIntents.orderRef, orderRef)).orderBy(asc(paymentIntents.createdAt));
}

export async function updateIntent(db: DbOrTx, id: string, patch: Partial<NewIntent>): Promise<void> {
  await db.update(paymentIntents).set(patch).where(eq(paymentIntents.id, id));
}

/**
 * Books a 'pending' intent as succeeded in one statement, with the provider's card details where it gave them
 * (else the intent's own are kept). Undefined when the intent is not 'pending' (settled or voided meanwhile).
 */
/** What booking a charge writes into its payment (`settleQuery`). */
export interface Settlement {
  providerPaymentId: string;
  providerTransactionId: string | null;
  card: { bin: string | null; lastFour: string | null; cardType: string | null; association: string | null; family: string | null; bankName: string | null };
  at: Date;
}

/** A payment 'pending' → 'succeeded' with what the charge answered, not yet sent; answers the row when it moved. */
export function settleQuery(db: DbOrTx, id: string, s: Settlement) {
  const keep = (value: string | null, column: AnyPgColumn) => (value === null ? column : sql`coalesce(${value}, ${column})`);
  return db
    .update(paymentIntents)
    .set({
      status: "succeeded",
      providerPaymentId: s.providerPaymentId,
      providerTransactionId: s.providerTransactionId,
      cardBin: keep(s.card.bin, paymentIntents.cardBin),
      cardLastFour: keep(s.card.lastFour, paymentIntents.cardLastFour),
      cardType: keep(s.card.cardType, paymentIntents.cardType),
      cardAssociation: keep(s.card.association, paymentIntents.cardAssociation),
      cardFamily: keep(s.card.family, paymentIntents.cardFamily),
      bankName: keep(s.card.bankName, paymentIntents.bankName),
      threeDsHtml: null,
      errorCode: null,
      message: null,
      updatedAt: s.at,
      completedAt: s.at,
    })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, "pending")))
    .returning();
}

export async function settleIntent(db: DbOrTx, id: string, s: Settlement, riders: readonly Rider[] = [], answer?: CallAnswer): Promise<IntentRow | undefined> {
  const settled = db.$with("settled").as(settleQuery(db, id, s));
  // what rides along changes only when this payment was booked here (not when it was settled or voided before);
  // the charge call's answer is written either way
  const gate = sql`exists (select 1 from ${settled})`;
  const answered = answer ? [db.$with("answered").as(answerQuery(db, answer))] : [];
  const [r] = await db.with(settled, ...answered, ...riders.map((ride) => ride(db, gate))).select().from(settled);
  return r;
}

/** Moves an intent from one status to another only if it is still in the first: returns whether it moved. */
export async function moveIntent(db: DbOrTx, id: string, from: IntentRow["status"], patch: Partial<NewIntent>): Promise<boolean> {
  const moved = await db
    .update(paymentIntents)
    .set(patch)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, from)))
    .returning({ id: paymentIntents.id });
  return moved.length > 0;
}

export async function staleIntents(db: DbOrTx, status: IntentRow["status"], before: Date, limit = 50): Promise<IntentRow[]> {
  return db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.status, status), lt(paymentIntents.updatedAt, before)))
    .orderBy(asc(paymentIntents.updatedAt))
    .limit(limit);
}

export async function insertAttempt(db: DbOrTx, row: NewAttempt): Promise<number> {
  const [r] = await db.insert(paymentAttempts).values(row).returning({ id: paymentAttempts.id });
  return r!.id;
}

export async function finishAttempt(db: DbOrTx, id: number, patch: Partial<NewAttempt>): Promise<void> {
  await db.update(paymentAttempts).set(patch).where(eq(paymentAttempts.id, id));
}

/** A provider call's answer still to be written to its record, only while that is 'pending' (`answerQuery`). */
export interface CallAnswer {
  attemptId: number;
  patch: Partial<NewAttempt>;
}

/** The update writing a call's answer, not yet sent (a record closed meanwhile, by reconcile, is left as it is). */
export function answerQuery(db: DbOrTx, a: CallAnswer) {
  return db.update(paymentAttempts).set(a.patch).where(and(eq(paymentAttempts.id, a.attemptId), eq(paymentAttempts.status, "pending")));
}

export async function pendingAttempts(db: DbOrTx, before: Date): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, "pending"), lt(paymentAttempts.createdAt, before)))
    .orderBy(asc(paymentAttempts.id));
}

export async function attemptsFor(db: DbOrTx, where: { intentId?: string; orderRef?: string }): Promise<AttemptRow[]> {
  const cond = where.intentId ? eq(paymentAttempts.intentId, where.intentId) : eq(paymentAttempts.orderRef, where.orderRef ?? "");
  return db.select().from(paymentAttempts).where(cond).orderBy(asc(paymentAttempts.id));
}

export async function insertRefund(db: DbOrTx, row: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
  const [r] = await db.insert(paymentRefunds).values(row).returning();
  return r!;
}

export async function findRefundByKey(db: DbOrTx, key: string): Promise<RefundRow | undefined> {
  const [r] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.key, key));
  return r;
}

export async function refundsOf(db: DbOrTx, intentId: string): Promise<RefundRow[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.intentId, intentId)).orderBy(asc(paymentRefunds.id));
}

/** Amount refunded or being refunded (pending) for an intent. */
export async function reservedRefunds(db: DbOrTx, intentId: string): Promise<number> {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.intentId, intentId), inArray(paymentRefunds.status, ["pending", "succeeded"])));
  return Number(r?.total ?? 0);
}

/** Moves a refund out of `from` only if it is still there; false when another process got there first. */
export async function moveRefund(db: DbOrTx, id: number, from: RefundRow["status"], patch: Partial<typeof paymentRefunds.$inferInsert>): Promise<boolean> {
  const moved = await db
    .update(paymentRefunds)
    .set(patch)
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, from)))
    .returning({ id: paymentRefunds.id });
  return moved.length > 0;
}

/** Frees a caller's key held by a failed refund, so the same key can try again (the row keeps its history). */
export async function retireFailedRefundKey(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ key: sql`${paymentRefunds.key} || '#failed-' || ${paymentRefunds.id}` })
    .where(and(eq(paymentRefunds.key, key), eq(paymentRefunds.status, "failed")));
}

/** Refunds still 'pending' since before `before` (their answer was lost). */
export async function staleRefunds(db: DbOrTx, before: Date, limit = 50): Promise<RefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, "pending"), lt(paymentRefunds.createdAt, before)))
    .orderBy(asc(paymentRefunds.id))
    .limit(limit);
}

export async function updateRefund(db: DbOrTx, id: number, patch: Partial<typeof paymentRefunds.$inferInsert>): Promise<void> {
  await db.update(paymentRefunds).set(patch).where(eq(paymentRefunds.id, id));
}

export async function cardsOfUser(db: DbOrTx, userId: number): Promise<SavedCardRow[]> {
  return db.select().from(savedCards).where(eq(savedCards.userId, userId)).orderBy(desc(savedCards.createdAt), desc(savedCards.id));
}

/** A member's saved card as another module's read carries it (db/client.ts `Companion`): joined on its id and owner only. */
export function cardOfUserCompanion(userId: number, cardId: number): Companion<SavedCardRow> {
  return { table: savedCards, on: () => and(eq(savedCards.userId, userId), eq(savedCards.id, cardId))! };
}

export async function cardOfUser(db: DbOrTx, userId: number, cardId: number): Promise<SavedCardRow | undefined> {
  const [r] = await db.select().from(savedCards).where(and(eq(savedCards.userId, userId), eq(savedCards.id, cardId)));
  return r;
}

/** Saves a card; the same card (BIN, last four) of the same user is replaced by its newer token. */
export async function upsertCard(db: DbOrTx, row: NewSavedCard): Promise<SavedCardRow> {
  await db
    .delete(savedCards)
    .where(and(eq(savedCards.userId, row.userId), eq(savedCards.bin, row.bin), eq(savedCards.lastFour, row.lastFour), eq(savedCards.provider, row.provider)));
  const [r] = await db.insert(savedCards).values(row).onConflictDoUpdate({ target: savedCards.cardToken, set: { userId: row.userId } }).returning();
  return r!;
}

export async function deleteCard(db: DbOrTx, userId: number, cardId: number): Promise<boolean> {
  const gone = await db.delete(savedCards).where(and(eq(savedCards.userId, userId), eq(savedCards.id, cardId))).returning({ id: savedCards.id });
  return gone.length > 0;
}

// ─── read.ts: metrics and KVKK erasure ──────────────────────────────────────────────────────────

/** How many payments are in each status (shop-wide). */
export async function countIntentsByStatus(db: DbOrTx): Promise<{ status: string; n: number }[]> {
  const r = await db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from payment_intents group by status`);
  return (r as unknown as { rows: { status: string; n: number }[] }).rows;
}

/** Every payment context that names `email` (any case) gets `replacement` as its e-mail. */
export async function replaceContextEmail(db: DbOrTx, email: string, replacement: string): Promise<void> {
  await db.execute(
    sql`update payment_intents set hook_context = jsonb_set(hook_context, '{email}', to_jsonb(${replacement}::text)) where hook_context is not null and lower(hook_context->>'email') = lower(${email})`,
  );
}
