/**
 * Payments' plumbing: which gateway an app uses, and `attempt`, the one way this module calls the provider
 * (every call is recorded in payment_attempts; an unknown outcome of a call that may move money stays
 * 'pending' for reconcile).
 */
import { randomBytes } from "node:crypto";
import type { AppContext } from "../context";
import { fmt } from "~/shared/texts/tr";
import { paymentTr } from "~/shared/texts/payment.tr";
import type { PaymentDone, PaymentGateway, ProviderFailure } from "./gateway";
import { createIyzicoGateway } from "./iyzico";
import { createSandboxGateway } from "./sandbox";
import * as repo from "./repo";

export const T = paymentTr;

// ─── gateway choice ─────────────────────────────────────────────────────────────────────────────

const gateways = new WeakMap<AppContext, PaymentGateway>();

/** The gateway of PAYMENT_PROVIDER for this app (one per AppContext). */
export function gatewayFor(app: AppContext): PaymentGateway {
  let gw = gateways.get(app);
  if (!gw) {
    const c = app.config;
    gw =
      c.paymentProvider === "iyzico"
        ? createIyzicoGateway({ apiKey: c.iyzico.apiKey!, secretKey: c.iyzico.secretKey!, baseUrl: c.iyzico.baseUrl!, log: app.log, now: () => app.clock.now() })
        : createSandboxGateway(app);
    gateways.set(app, gw);
  }
  return gw;
}

/** Replaces the gateway of an app (fault injection in tests, or a provider wired by hand). */
export function useGateway(app: AppContext, gateway: PaymentGateway): void {
  gateways.set(app, gateway);
}

// ─── helpers ────────────────────────────────────────────────────────────────────────────────────

export const newId = () => randomBytes(18).toString("base64url");
export const failedMessage = (detail: string) => fmt(T.errors.failed, { detail });

export function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e; x && typeof x === "object"; x = (x as { cause?: unknown }).cause) {
    if ((x as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Calls that may move money: an unknown outcome leaves them 'pending at provider'. */
const CHARGING = new Set<repo.NewAttempt["kind"]>(["authorise", "3ds_complete", "refund", "cancel", "void"]);

type AttemptBase = { intentId?: string | null; orderRef?: string | null; userId?: number | null; kind: repo.NewAttempt["kind"]; amount?: number | null; detail?: Record<string, unknown> };

/** One provider call, recorded before it is made and finished with its answer (an unknown outcome stays pending). */
export async function attempt<T extends { ok: boolean }>(app: AppContext, base: AttemptBase, run: () => Promise<T>, describe: (r: T) => Record<string, unknown> = () => ({})): Promise<T> {
  return (await recorded(app, base, run, describe, (row) => repo.insertAttempt(app.db, row), false)).result;
}

/**
 * As `attempt` for the call that starts a payment: the payment's row and the call's record are inserted in ONE
 * statement. A second active payment of the order fails that statement (unique index) before any call is made.
 * `deferSuccess`: a successful answer is not written here but handed back (`answer`) for the statement that books
 * the charge to write (`settleInTx`; `voidCharge` when the charge is given back).
 */
export async function attemptStarting<T extends { ok: boolean }>(
  app: AppContext,
  intent: repo.NewIntent & { id: string },
  base: Omit<AttemptBase, "intentId">,
  run: () => Promise<T>,
  describe: (r: T) => Record<string, unknown> = () => ({}),
  deferSuccess = false,
): Promise<{ intent: repo.IntentRow; result: T; answer?: repo.CallAnswer }> {
  let stored: repo.IntentRow | undefined;
  const { result, answer } = await recorded(
    app,
    { ...base, intentId: intent.id },
    run,
    describe,
    async (row) => {
      const r = await repo.insertIntentWithAttempt(app.db, intent, row);
      stored = r.intent;
      return r.attemptId;
    },
    deferSuccess,
  );
  return { intent: stored!, result, ...(answer ? { answer } : {}) };
}

async function recorded<T extends { ok: boolean }>(
  app: AppContext,
  base: AttemptBase,
  run: () => Promise<T>,
  describe: (r: T) => Record<string, unknown>,
  insert: (row: repo.NewAttempt) => Promise<number>,
  deferSuccess: boolean,
): Promise<{ result: T; answer?: repo.CallAnswer }> {
  const gw = gatewayFor(app);
  const id = await insert({
    intentId: base.intentId ?? null,
    orderRef: base.orderRef ?? null,
    userId: base.userId ?? null,
    provider: gw.name,
    kind: base.kind,
    status: "pending",
    amount: base.amount ?? null,
    detail: base.detail ?? {},
    createdAt: app.clock.now(),
  });
  let result: T;
  try {
    result = await run();
  } catch (err) {
    app.log.error({ err, attemptId: id, kind: base.kind, intentId: base.intentId }, "payment provider call threw");
    result = { ok: false, code: "exception", message: "exception", unknown: true } as unknown as T;
  }
  const failure = result.ok ? null : (result as unknown as ProviderFailure);
  const extra = describe(result);
  let answer: repo.CallAnswer | undefined;
  // an unknown outcome stays 'pending' for the reconcile job
  if (!failure?.unknown) {
    const patch = {
      status: failure ? "failed" : "succeeded",
      errorCode: failure?.code ?? null,
      errorMessage: failure?.message ?? null,
      providerPaymentId: (extra.providerPaymentId as string | undefined) ?? null,
      detail: { ...base.detail, ...extra },
      finishedAt: app.clock.now(),
    } satisfies Partial<repo.NewAttempt>;
    if (deferSuccess && !failure) answer = { attemptId: id, patch };
    else await repo.finishAttempt(app.db, id, patch);
  } else if (CHARGING.has(base.kind)) {
    await repo.finishAttempt(app.db, id, { errorCode: failure.code, detail: { ...base.detail, ...extra, unknownOutcome: true } });
  } else {
    await repo.finishAttempt(app.db, id, { status: "error", errorCode: failure.code, errorMessage: failure.message, finishedAt: app.clock.now() });
  }
  app.log.info({ attemptId: id, kind: base.kind, intentId: base.intentId, orderRef: base.orderRef, ok: result.ok, code: failure?.code }, "payment attempt");
  return { result, answer };
}

export const cardDetail = (c: { bin?: string | null; lastFour?: string | null }) => ({ bin: c.bin ?? null, lastFour: c.lastFour ?? null });
export const doneDetail = (r: { ok: boolean } & Partial<PaymentDone>) => (r.ok ? { providerPaymentId: r.providerPaymentId, amount: r.amount } : {});
