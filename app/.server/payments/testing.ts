import type { AppContext } from "../context";
import type { CardInput } from "./gateway";
import * as payments from "./service";

/** Helpers for tests that pay with the sandbox (payments' own tests and checkout's). Never used by the app. */

export const TEST_BUYER = {
  name: "Ayşe",
  surname: "Yılmaz",
  email: "ayse@example.com",
  phone: "5321234567",
  address: "Moda Cad. No: 1 Kadıköy",
  city: "İstanbul",
  ip: "127.0.0.1",
};

export function testCard(number: string, cvc = number.startsWith("37") ? "4821" : "482"): CardInput {
  return { number, holder: "Ayşe Yılmaz", expMonth: 12, expYear: 2030, cvc };
}

/** The callback fields the sandbox bank sends the browser to (from the redirect URL). */
export function fieldsOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, "http://x.invalid").searchParams);
}

/**
 * Starts a payment with a new card, passes the sandbox's 3-D Secure challenge with the code it shows, and
 * delivers the callback: the whole buyer journey without a browser.
 */
export async function payWithNewCard(
  app: AppContext,
  input: Omit<payments.StartPaymentInput, "buyer" | "card"> & { card: CardInput | string; buyer?: payments.BuyerInput },
): Promise<{ start: payments.PaymentOutcome; callbackUrl?: string; result?: Awaited<ReturnType<typeof payments.completeChallenge>> }> {
  const card = typeof input.card === "string" ? testCard(input.card) : input.card;
  const start = await payments.startPayment(app, { ...input, buyer: input.buyer ?? TEST_BUYER, card });
  if (start.status !== "challenge") return { start };
  const page = await payments.challengePage(app, start.paymentId);
  if (page?.kind !== "sandbox") throw new Error(`expected the sandbox challenge, got ${page?.kind}`);
  const answer = await payments.answerChallenge(app, start.paymentId, { code: page.code });
  if (!answer || !("redirectTo" in answer)) throw new Error("the right code was refused");
  const result = await payments.completeChallenge(app, start.paymentId, fieldsOf(answer.redirectTo));
  return { start, callbackUrl: answer.redirectTo, result };
}
