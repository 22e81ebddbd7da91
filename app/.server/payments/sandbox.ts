import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { ONE_ROW } from "../db/client";
import { sandboxCards, sandboxPayments } from "../db/schema/payments";
import { binOf, cardTypeOf, lastFour, luhnValid, type CardType } from "~/shared/card";
import { istanbulDate } from "~/shared/clock";
import { paymentTr } from "~/shared/texts/payment.tr";
import type { CallbackCheck, CallbackFields, CardInfo, PaymentDone, PaymentGateway, ProviderFailure, Result, RetrievedPayment } from "./gateway";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { sandboxInstallmentOptions } from "./sandbox-installments";

/**
 * The offline sandbox provider (PAYMENT_PROVIDER=sandbox, the default). It behaves like the real provider for
 * its published test cards, runs a real 3-D Secure step (a challenge page served by our app, state in the
 * database), signs its callback like the provider does, and keeps its own books in sandbox_* tables so a
 * payment can be looked up after a crash. It never stores a card number: a card's behaviour is kept instead.
 */

type Outcome = "ok" | "insufficient_funds" | "do_not_honour" | "invalid_cvc" | "3ds_init_failed";

const P = paymentTr.sandboxProvider;

/** The provider's error codes and texts for the failing test cards. */
const FAILURES: Record<Exclude<Outcome, "ok">, { code: string; message: string }> = {
  insufficient_funds: { code: "10051", message: P.insufficientFunds },
  do_not_honour: { code: "10005", message: P.doNotHonour },
  invalid_cvc: { code: "10084", message: P.invalidCvc },
  "3ds_init_failed": { code: "10217", message: P.threeDsInitFailed },
};

interface TestCard {
  outcome: Outcome;
  info: Omit<CardInfo, "bin" | "lastFour">;
}

/** The provider's published test cards (README lists them). */
export const SANDBOX_TEST_CARDS: Record<string, TestCard> = {
  "5528790000000008": { outcome: "ok", info: { association: "MASTER_CARD", cardType: "CREDIT_CARD", family: "Paraf", bankName: "Halkbank" } },
  "5890040000000016": { outcome: "ok", info: { association: "MASTER_CARD", cardType: "DEBIT_CARD", family: "Axess", bankName: "Akbank" } },
  "4766620000000001": { outcome: "ok", info: { association: "VISA", cardType: "DEBIT_CARD", family: "Bonus", bankName: "Denizbank" } },
  "374427000000003": { outcome: "ok", info: { association: "AMERICAN_EXPRESS", cardType: "CREDIT_CARD", family: "Bonus", bankName: "Garanti Bankası" } },
  "9792030000000000": { outcome: "ok", info: { association: "TROY", cardType: "CREDIT_CARD", family: "CardFinans", bankName: "QNB Finansbank" } },
  // credit cards of the other installment families (issue 27 §3)
  "5400360000000003": { outcome: "ok", info: { association: "MASTER_CARD", cardType: "CREDIT_CARD", family: "Bonus", bankName: "Garanti Bankası" } },
  "4543590000000006": { outcome: "ok", info: { association: "VISA", cardType: "CREDIT_CARD", family: "Maximum", bankName: "Türkiye İş Bankası" } },
  "5451030000000000": { outcome: "ok", info: { association: "MASTER_CARD", cardType: "CREDIT_CARD", family: "World", bankName: "Yapı ve Kredi Bankası" } },
  "5526080000000006": { outcome: "ok", info: { association: "MASTER_CARD", cardType: "CREDIT_CARD", family: "Axess", bankName: "Akbank" } },
  "4111111111111129": { outcome: "insufficient_funds", info: { association: "VISA", cardType: "CREDIT_CARD", bankName: P.bankName } },
  "4129111111111111": { outcome: "do_not_honour", info: { association: "VISA", cardType: "CREDIT_CARD", bankName: P.bankName } },
  "4124111111111116": { outcome: "invalid_cvc", info: { association: "VISA", cardType: "CREDIT_CARD", bankName: P.bankName } },
  "4151111111111112": { outcome: "3ds_init_failed", info: { association: "VISA", cardType: "CREDIT_CARD", bankName: P.bankName } },
};

const ASSOCIATION: Partial<Record<CardType, string>> = {
  Visa: "VISA",
  VisaElectron: "VISA",
  Mastercard: "MASTER_CARD",
  AMEX: "AMERICAN_EXPRESS",
  Troy: "TROY",
};

function binInfo(bin: string): CardInfo {
  const known = Object.entries(SANDBOX_TEST_CARDS).find(([n]) => n.startsWith(bin));
  if (known) return { bin, ...known[1].info };
  return { bin, association: ASSOCIATION[cardTypeOf(bin)] ?? "UNKNOWN", cardType: "CREDIT_CARD", bankName: P.bankName };
}

/** The amount to charge for a request's installment choice, or null when the card does not get that count or total. */
function chargeFor(bin: string, req: { amount: number; installment?: number; paidAmount?: number }): number | null {
  const count = req.installment ?? 1;
  const paid = req.paidAmount ?? req.amount;
  if (count === 1) return paid === req.amount ? paid : null;
  const option = sandboxInstallmentOptions(binInfo(bin.slice(0, 6)), req.amount).find((o) => o.count === count);
  return option && option.total === paid ? paid : null;
}

const installmentRefused = (): ProviderFailure => ({ ok: false, code: "10202", message: installmentsTr.providerInvalid });

function cardOutcome(number: string): Outcome {
  return SANDBOX_TEST_CARDS[number]?.outcome ?? "ok";
}

const fail = (code: string, message: string): ProviderFailure => ({ ok: false, code, message });
const failWith = (o: Exclude<Outcome, "ok">): ProviderFailure => ({ ok: false, ...FAILURES[o] });

function id(prefix: string): string {
  return `${prefix}${randomBytes(9).toString("base64url")}`;
}

/** The sandbox's own signing key: derived from the shop's secret, like a provider secret key. */
function sandboxSecret(app: AppContext): string {
  return createHmac("sha256", app.secretKey).update("sandbox-provider-secret").digest("hex");
}

/** Provider-style signature: HMAC-SHA256 over the values joined with ':' (as iyzico signs its responses). */
export function signFields(secret: string, values: (string | undefined)[]): string {
  return createHmac("sha256", secret).update(values.map((v) => v ?? "").join(":")).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const CALLBACK_ORDER = ["conversationData", "conversationId", "mdStatus", "paymentId", "status"] as const;

type Row = typeof sandboxPayments.$inferSelect;

function done(row: Row, stored?: { cardUserKey: string; cardToken: string }): PaymentDone {
  return {
    providerPaymentId: row.id,
    transactionId: `${row.id}-1`,
    amount: row.amount,
    card: { ...binInfo(row.bin), lastFour: row.lastFour },
    ...(stored ? { stored } : {}),
  };
}

export function createSandboxGateway(app: AppContext): PaymentGateway {
  const db = app.db;
  const now = () => app.clock.now();
  const secret = sandboxSecret(app);

  async function storeCardRow(opts: { cardUserKey?: string; email?: string; bin: string; lastFour: string; outcome: Outcome }) {
    const cardUserKey = opts.cardUserKey ?? id("cuk_");
    const cardToken = id("ctk_");
    await db.insert(sandboxCards).values({ cardToken, cardUserKey, email: opts.email ?? null, bin: opts.bin, lastFour: opts.lastFour, outcome: opts.outcome, createdAt: now() });
    return { cardUserKey, cardToken };
  }

  async function findSuccess(idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.idempotencyKey, idempotencyKey), eq(sandboxPayments.status, "success"), eq(sandboxPayments.cancelled, false)));
    return row;
  }

  return {
    name: "sandbox",

    async authorise(req) {
      // a stored card is read with the key's earlier payment in one statement
      const stored = req.stored;
      const [found] = stored
        ? await db
            .select({ previous: sandboxPayments, card: sandboxCards })
            .from(ONE_ROW)
            .leftJoin(sandboxPayments, and(eq(sandboxPayments.idempotencyKey, req.idempotencyKey), eq(sandboxPayments.status, "success"), eq(sandboxPayments.cancelled, false)))
            .leftJoin(sandboxCards, and(eq(sandboxCards.cardToken, stored.cardToken), eq(sandboxCards.cardUserKey, stored.cardUserKey)))
            .limit(1)
        : [{ previous: await findSuccess(req.idempotencyKey), card: null }];
      const previous = found?.previous;
      if (previous) return { ok: true, ...done(previous) }; // same key: the same payment, never a second charge
      let bin: string;
      let four: string;
      let outcome: Outcome;
      if (stored) {
        const card = found?.card;
        if (!card) return fail("1001", P.cardNotFound);
        ({ bin, lastFour: four } = card);
        outcome = card.outcome as Outcome;
      } else if (req.card) {
        if (!luhnValid(req.card.number)) return fail("12", P.invalidCard);
        bin = binOf(req.card.number);
        four = lastFour(req.card.number);
        outcome = cardOutcome(req.card.number);
      } else {
        return fail("5", P.invalidCard);
      }
      const charge = chargeFor(bin, req);
      if (charge === null) return installmentRefused();
      const pid = id("sbp_");
      const failed = outcome !== "ok" && outcome !== "3ds_init_failed" ? FAILURES[outcome] : null;
      const [row] = await db
        .insert(sandboxPayments)
        .values({
          id: pid,
          conversationId: req.idempotencyKey,
          idempotencyKey: req.idempotencyKey,
          amount: charge,
          status: failed ? "failure" : "success",
          outcome,
          bin,
          lastFour: four,
          email: req.buyer.email,
          errorCode: failed?.code ?? null,
          errorMessage: failed?.message ?? null,
          createdAt: now(),
          paidAt: failed ? null : now(),
        })
        .returning();
      if (failed) return { ok: false, ...failed };
      return { ok: true, ...done(row!) };
    },

    async init3ds(req) {
      if (!luhnValid(req.card.number)) return fail("12", P.invalidCard);
      const outcome = cardOutcome(req.card.number);
      if (outcome === "3ds_init_failed") return failWith(outcome);
      const charge = chargeFor(binOf(req.card.number), req);
      if (charge === null) return installmentRefused();
      const pid = id("sbp_");
      await db.insert(sandboxPayments).values({
        id: pid,
        conversationId: req.idempotencyKey,
        idempotencyKey: req.idempotencyKey,
        amount: charge,
        status: "init_3ds",
        outcome,
        bin: binOf(req.card.number),
        lastFour: lastFour(req.card.number),
        registerCard: req.registerCard,
        cardUserKey: req.registerCard ? (req.cardUserKey ?? null) : null,
        email: req.buyer.email,
        challengeCode: String(randomInt(100_000, 1_000_000)),
        callbackUrl: req.callbackUrl,
        createdAt: now(),
      });
      return { ok: true, providerPaymentId: pid, challenge: { kind: "sandbox" } };
    },

    verifyCallback(fields: CallbackFields): CallbackCheck {
      if (!fields.paymentId || !fields.status || !fields.signature) return { ok: false, reason: "fields" };
      const expected = signFields(secret, CALLBACK_ORDER.map((k) => fields[k]));
      if (!safeEqual(expected, fields.signature)) return { ok: false, reason: "signature" };
      return { ok: true, authenticated: fields.status === "success" && fields.mdStatus === "1", paymentId: fields.paymentId, conversationData: fields.conversationData };
    },

    async complete3ds(req) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, req.providerPaymentId));
      if (!row || row.conversationId !== req.conversationId) return fail("5", P.notFound);
      if (row.status === "success") return { ok: true, ...done(row, row.cardToken ? { cardUserKey: row.cardUserKey!, cardToken: row.cardToken } : undefined) };
      if (row.status !== "callback_3ds" || row.mdStatus !== "1") return fail("10215", P.threeDsNotVerified);
      if (req.conversationData !== conversationDataOf(secret, row.id)) return fail("10215", P.threeDsNotVerified);
      if (row.outcome !== "ok" && row.outcome !== "3ds_init_failed") {
        const f = FAILURES[row.outcome as Exclude<Outcome, "ok">];
        await db.update(sandboxPayments).set({ status: "failure", errorCode: f.code, errorMessage: f.message }).where(eq(sandboxPayments.id, row.id));
        return { ok: false, ...f };
      }
      const stored = row.registerCard ? await storeCardRow({ cardUserKey: row.cardUserKey ?? undefined, email: row.email ?? undefined, bin: row.bin, lastFour: row.lastFour, outcome: "ok" }) : undefined;
      // a concurrent second completion finds the row no longer in callback_3ds and charges nothing
      const [paid] = await db
        .update(sandboxPayments)
        .set({ status: "success", paidAt: now(), cardUserKey: stored?.cardUserKey ?? null, cardToken: stored?.cardToken ?? null })
        .where(and(eq(sandboxPayments.id, row.id), eq(sandboxPayments.status, "callback_3ds")))
        .returning();
      if (!paid) {
        const [again] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, row.id));
        return again?.status === "success" ? { ok: true, ...done(again) } : fail("10215", P.threeDsNotVerified);
      }
      return { ok: true, ...done(paid, stored) };
    },

    async storeCard(req) {
      if (!luhnValid(req.card.number)) return fail("12", P.invalidCard);
      const bin = binOf(req.card.number);
      const four = lastFour(req.card.number);
      const ref = await storeCardRow({ cardUserKey: req.cardUserKey, email: req.email, bin, lastFour: four, outcome: cardOutcome(req.card.number) });
      return { ok: true, ...ref, ...binInfo(bin), lastFour: four };
    },

    async deleteCard(req) {
      const gone = await db
        .delete(sandboxCards)
        .where(and(eq(sandboxCards.cardToken, req.cardToken), eq(sandboxCards.cardUserKey, req.cardUserKey)))
        .returning();
      return gone.length ? { ok: true } : fail("1001", P.cardNotFound);
    },

    async refund(req) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, req.providerPaymentId));
      if (!row || row.status !== "success" || row.cancelled || req.transactionId !== `${row.id}-1`) return fail("5", P.notFound);
      if (req.amount <= 0 || row.refunded + req.amount > row.amount) return fail("5093", P.refundTooLarge);
      const [updated] = await db
        .update(sandboxPayments)
        .set({ refunded: sql`${sandboxPayments.refunded} + ${req.amount}` })
        .where(and(eq(sandboxPayments.id, row.id), sql`${sandboxPayments.refunded} + ${req.amount} <= ${sandboxPayments.amount}`))
        .returning();
      if (!updated) return fail("5093", P.refundTooLarge);
      return { ok: true, providerRef: id("sbr_") };
    },

    async cancel(req) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, req.providerPaymentId));
      if (!row || row.status !== "success" || row.cancelled) return fail("5", P.notFound);
      if (row.refunded > 0 || !row.paidAt || istanbulDate(row.paidAt) !== istanbulDate(now())) return fail("5092", P.cancelNotAllowed);
      await db.update(sandboxPayments).set({ cancelled: true }).where(eq(sandboxPayments.id, row.id));
      return { ok: true, providerRef: id("sbc_") };
    },

    async retrieve(req): Promise<Result<RetrievedPayment>> {
      const rows = req.providerPaymentId
        ? await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, req.providerPaymentId))
        : await db.select().from(sandboxPayments).where(eq(sandboxPayments.conversationId, req.conversationId)).orderBy(desc(sandboxPayments.createdAt));
      const row = rows.find((r) => r.status === "success") ?? rows[0];
      if (!row) return { ok: true, status: "not_found" };
      if (row.status === "success" && !row.cancelled) {
        const stored = row.cardToken && row.cardUserKey ? { cardUserKey: row.cardUserKey, cardToken: row.cardToken } : undefined;
        return { ok: true, status: "succeeded", payment: done(row, stored), refunded: row.refunded, cancelled: false };
      }
      if (row.status === "success") return { ok: true, status: "failed", refunded: row.refunded, cancelled: true };
      return { ok: true, status: "failed" };
    },

    async binLookup(bin) {
      if (!/^\d{6}$/.test(bin)) return fail("12", P.invalidCard);
      return { ok: true, ...binInfo(bin) };
    },

    async installments(req) {
      if (!/^\d{6}(\d{2})?$/.test(req.bin) || !Number.isSafeInteger(req.amount) || req.amount <= 0) return fail("12", P.invalidCard);
      const info = binInfo(req.bin.slice(0, 6));
      return { ok: true, ...info, bin: req.bin, options: sandboxInstallmentOptions(info, req.amount) };
    },
  };
}

function conversationDataOf(secret: string, paymentId: string): string {
  return createHmac("sha256", secret).update(`cd:${paymentId}`).digest("base64url").slice(0, 24);
}

export interface SandboxChallenge {
  providerPaymentId: string;
  code: string;
  amount: number;
  lastFour: string;
  bankName: string;
  triesLeft: number;
  open: boolean;
}

/** The sandbox bank's challenge as our 3-D Secure page shows it. */
export async function sandboxChallenge(app: AppContext, providerPaymentId: string): Promise<SandboxChallenge | null> {
  const [row] = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, providerPaymentId));
  if (!row || !row.challengeCode) return null;
  return {
    providerPaymentId: row.id,
    code: row.challengeCode,
    amount: row.amount,
    lastFour: row.lastFour,
    bankName: binInfo(row.bin).bankName ?? P.bankName,
    triesLeft: row.challengeTriesLeft,
    open: row.status === "init_3ds",
  };
}

/**
 * The buyer answers the challenge. A right code (or cancel, or the last wrong try) ends the challenge and
 * gives the callback URL with the provider's signed fields, to which the buyer's browser is sent.
 */
export async function answerSandboxChallenge(
  app: AppContext,
  providerPaymentId: string,
  answer: { code: string } | { cancel: true },
): Promise<{ callbackUrl: string } | { wrong: true; triesLeft: number } | null> {
  const secret = sandboxSecret(app);
  const [row] = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, providerPaymentId));
  if (!row || !row.callbackUrl) return null;
  let mdStatus = row.mdStatus;
  if (row.status === "init_3ds") {
    if ("code" in answer && !safeEqual(answer.code.trim(), row.challengeCode ?? "")) {
      const left = row.challengeTriesLeft - 1;
      if (left > 0) {
        await app.db.update(sandboxPayments).set({ challengeTriesLeft: left }).where(eq(sandboxPayments.id, row.id));
        return { wrong: true, triesLeft: left };
      }
      mdStatus = "0";
    } else {
      mdStatus = "code" in answer ? "1" : "0";
    }
    const [moved] = await app.db
      .update(sandboxPayments)
      .set(mdStatus === "1" ? { status: "callback_3ds", mdStatus, challengeTriesLeft: 0 } : { status: "failure", mdStatus, challengeTriesLeft: 0, errorCode: "10215", errorMessage: P.threeDsNotVerified })
      .where(and(eq(sandboxPayments.id, row.id), eq(sandboxPayments.status, "init_3ds")))
      .returning();
    if (!moved) return answerSandboxChallenge(app, providerPaymentId, answer);
  }
  // an answered challenge gives the same callback again (the provider re-posts on a browser refresh)
  const fields: Record<string, string> = {
    status: mdStatus === "1" ? "success" : "failure",
    paymentId: row.id,
    conversationId: row.conversationId,
    conversationData: conversationDataOf(secret, row.id),
    mdStatus: mdStatus ?? "0",
  };
  fields.signature = signFields(secret, CALLBACK_ORDER.map((k) => fields[k]));
  const url = new URL(row.callbackUrl, "http://placeholder.invalid");
  for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
  return { callbackUrl: url.origin === "http://placeholder.invalid" ? `${url.pathname}${url.search}` : url.toString() };
}
