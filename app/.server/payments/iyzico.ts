import Iyzipay from "iyzipay";
import type { Logger } from "../log";
import { binOf } from "~/shared/card";
import { istanbulDate } from "~/shared/clock";
import { kurusFromLira, liraText } from "./gateway";
import type { ProviderInstallments } from "./gateway";
import type { BuyerInfo, CallbackCheck, CallbackFields, CardInfo, CardInput, PaymentDone, PaymentGateway, ProviderFailure } from "./gateway";
import { safeEqual, signFields } from "./sandbox";

/**
 * The real provider (PAYMENT_PROVIDER=iyzico) through the `iyzipay` client: 3-D Secure initialise/complete,
 * card storage (cardUserKey/cardToken), payment with a stored card, refund, cancel, payment lookup and BIN lookup.
 * Every answer that moves money (payment, 3-D Secure, lookup) and the 3-D Secure callback must carry the provider's
 * `signature`, checked with the secret key; a missing or bad one is refused.
 * A call that does not answer within `timeoutMs` has an unknown outcome: the reconcile job asks again.
 */

type Raw = Record<string, unknown>;

export interface IyzicoOptions {
  apiKey: string;
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: Logger;
  now?: () => Date;
}

const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));
/** The placeholder identity number the provider accepts for buyers who did not give theirs. */
const NO_IDENTITY = "11111111111";

function splitDate(d: Date): string {
  return `${istanbulDate(d)} 00:00:00`;
}

/**
 * iyzico's installment answer: `installmentDetails[0]` (binNumber, cardType, cardAssociation, cardFamilyName,
 * bankName, bankCode, force3ds, commercial) with `installmentPrices[]` (installmentNumber, installmentPrice,
 * totalPrice, lira). Null when the answer holds no usable table.
 */
export function installmentsOf(r: Raw, bin: string, amount: number): ProviderInstallments | null {
  const detail = (Array.isArray(r.installmentDetails) ? (r.installmentDetails as Raw[]) : [])[0];
  if (!detail) return null;
  const prices = Array.isArray(detail.installmentPrices) ? (detail.installmentPrices as Raw[]) : [];
  const options = prices
    .map((p) => ({ count: Number(p.installmentNumber), monthly: kurusFromLira(str(p.installmentPrice)), total: kurusFromLira(str(p.totalPrice)) }))
    .filter((o) => Number.isInteger(o.count) && o.count >= 1 && o.count <= 12 && o.total >= amount && o.monthly > 0)
    .sort((a, b) => a.count - b.count);
  // the single payment is always the amount itself, whatever the answer says
  const rest = options.filter((o) => o.count > 1);
  return {
    bin: str(detail.binNumber) ?? bin,
    cardType: str(detail.cardType),
    association: str(detail.cardAssociation),
    family: str(detail.cardFamilyName),
    bankName: str(detail.bankName),
    bankCode: detail.bankCode === undefined ? undefined : Number(detail.bankCode),
    force3ds: Number(detail.force3ds) === 1,
    commercial: Number(detail.commercial) === 1,
    options: [{ count: 1, monthly: amount, total: amount }, ...rest],
  };
}

export function createIyzicoGateway(opts: IyzicoOptions): PaymentGateway {
  const client = new Iyzipay({ uri: opts.baseUrl, apiKey: opts.apiKey, secretKey: opts.secretKey });
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const now = opts.now ?? (() => new Date(0));

  function call(resource: keyof Iyzipay, method: "create" | "retrieve" | "delete", req: object): Promise<Raw | ProviderFailure> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, code: "timeout", message: "timeout", unknown: true }), timeoutMs);
      const r = client[resource] as unknown as Record<string, (req: object, cb: (err: Error | null, res?: Raw) => void) => void>;
      r[method]!(req, (err, res) => {
        clearTimeout(timer);
        if (err || !res || typeof res !== "object") {
          opts.log?.warn({ provider: "iyzico", resource, err: err?.message }, "payment provider unreachable");
          resolve({ ok: false, code: "network", message: err?.message ?? "no answer", unknown: true });
        } else {
          resolve(res);
        }
      });
    });
  }

  const isFailure = (r: Raw | ProviderFailure): r is ProviderFailure => (r as ProviderFailure).ok === false;

  function providerError(r: Raw): ProviderFailure {
    return { ok: false, code: str(r.errorCode) ?? "unknown", message: str(r.errorMessage) ?? "" };
  }

  /**
   * Checks the response signature (HMAC-SHA256 of the named fields joined by ':'). Required: an answer that
   * moves money and carries no signature is not trusted (its outcome stays unknown until a signed lookup).
   */
  function signed(r: Raw, fields: string[]): boolean {
    const sig = str(r.signature);
    if (!sig) return false;
    return safeEqual(signFields(opts.secretKey, fields.map((f) => str(r[f]))), sig);
  }

  const badSignature: ProviderFailure = { ok: false, code: "signature", message: "signature mismatch", unknown: true };

  function payment(r: Raw): PaymentDone {
    const items = Array.isArray(r.itemTransactions) ? (r.itemTransactions as Raw[]) : [];
    return {
      providerPaymentId: str(r.paymentId) ?? "",
      transactionId: str(items[0]?.paymentTransactionId) ?? "",
      amount: kurusFromLira(str(r.paidPrice)),
      installment: Number(r.installment) || 1,
      card: {
        bin: str(r.binNumber) ?? "",
        lastFour: str(r.lastFourDigits),
        cardType: str(r.cardType),
        association: str(r.cardAssociation),
        family: str(r.cardFamily),
      },
      ...(r.cardToken && r.cardUserKey ? { stored: { cardUserKey: String(r.cardUserKey), cardToken: String(r.cardToken) } } : {}),
    };
  }

  const PAYMENT_SIGNED = ["paymentId", "currency", "basketId", "conversationId", "paidPrice", "price"];

  function paymentBody(req: { idempotencyKey: string; amount: number; buyer: BuyerInfo; description: string; installment?: number; paidAmount?: number }) {
    const price = liraText(req.amount);
    const b = req.buyer;
    const address = { contactName: `${b.name} ${b.surname}`.trim(), city: b.city, country: b.country ?? "Turkey", address: b.address, zipCode: b.zipCode };
    const today = splitDate(now());
    return {
      locale: "tr",
      conversationId: req.idempotencyKey,
      price,
      // the card is charged paidPrice: the basket's price plus the bank's installment interest (issue 27)
      paidPrice: liraText(req.paidAmount ?? req.amount),
      currency: "TRY",
      installment: String(req.installment ?? 1),
      basketId: req.idempotencyKey,
      paymentChannel: "WEB",
      paymentGroup: "PRODUCT",
      buyer: {
        id: b.id,
        name: b.name,
        surname: b.surname || b.name,
        gsmNumber: b.phone ? `+90${b.phone.replace(/\D/g, "").slice(-10)}` : undefined,
        email: b.email,
        identityNumber: b.identityNumber ?? NO_IDENTITY,
        registrationDate: today,
        lastLoginDate: today,
        registrationAddress: b.address,
        ip: b.ip,
        city: b.city,
        country: b.country ?? "Turkey",
        zipCode: b.zipCode,
      },
      shippingAddress: address,
      billingAddress: address,
      basketItems: [{ id: req.idempotencyKey, name: req.description, category1: "Kurabiye", itemType: "PHYSICAL", price }],
    };
  }

  function cardBody(card: CardInput) {
    return {
      cardHolderName: card.holder,
      cardNumber: card.number,
      expireMonth: String(card.expMonth).padStart(2, "0"),
      expireYear: String(card.expYear),
      cvc: card.cvc,
    };
  }

  return {
    name: "iyzico",

    async authorise(req) {
      const paymentCard = req.stored ? { cardUserKey: req.stored.cardUserKey, cardToken: req.stored.cardToken } : req.card ? { ...cardBody(req.card), registerCard: "0" } : undefined;
      const r = await call("payment", "create", { ...paymentBody(req), paymentCard });
      if (isFailure(r)) return r;
      if (r.status !== "success") return providerError(r);
      if (!signed(r, PAYMENT_SIGNED)) return badSignature;
      return { ok: true, ...payment(r) };
    },

    async init3ds(req) {
      const paymentCard = { ...cardBody(req.card), registerCard: req.registerCard ? "1" : "0", ...(req.registerCard && req.cardUserKey ? { cardUserKey: req.cardUserKey } : {}) };
      const r = await call("threedsInitialize", "create", { ...paymentBody(req), callbackUrl: req.callbackUrl, paymentCard });
      if (isFailure(r)) return r;
      if (r.status !== "success" || typeof r.threeDSHtmlContent !== "string") return providerError(r);
      if (!signed(r, ["paymentId", "conversationId"])) return badSignature;
      return { ok: true, providerPaymentId: str(r.paymentId) ?? "", challenge: { kind: "html", htmlBase64: r.threeDSHtmlContent } };
    },

    verifyCallback(fields: CallbackFields): CallbackCheck {
      // the bank's post reaches us through the buyer's browser: without the provider's signature it proves nothing
      if (!fields.paymentId || !fields.status) return { ok: false, reason: "fields" };
      if (!fields.signature) return { ok: false, reason: "signature" };
      const expected = signFields(opts.secretKey, [fields.conversationData, fields.conversationId, fields.mdStatus, fields.paymentId, fields.status]);
      if (!safeEqual(expected, fields.signature)) return { ok: false, reason: "signature" };
      return { ok: true, authenticated: fields.status === "success" && fields.mdStatus === "1", paymentId: fields.paymentId, conversationData: fields.conversationData };
    },

    async complete3ds(req) {
      const r = await call("threedsPayment", "create", { locale: "tr", conversationId: req.conversationId, paymentId: req.providerPaymentId, conversationData: req.conversationData });
      if (isFailure(r)) return r;
      if (r.status !== "success") return providerError(r);
      if (!signed(r, PAYMENT_SIGNED)) return badSignature;
      return { ok: true, ...payment(r) };
    },

    async storeCard(req) {
      const r = await call("card", "create", {
        locale: "tr",
        conversationId: req.externalId,
        externalId: req.externalId,
        email: req.email,
        cardUserKey: req.cardUserKey,
        card: { cardAlias: req.alias ?? "", cardHolderName: req.card.holder, cardNumber: req.card.number, expireMonth: String(req.card.expMonth).padStart(2, "0"), expireYear: String(req.card.expYear) },
      });
      if (isFailure(r)) return r;
      if (r.status !== "success") return providerError(r);
      return {
        ok: true,
        cardUserKey: str(r.cardUserKey) ?? "",
        cardToken: str(r.cardToken) ?? "",
        bin: str(r.binNumber) ?? binOf(req.card.number),
        lastFour: str(r.lastFourDigits) ?? "",
        cardType: str(r.cardType),
        association: str(r.cardAssociation),
        family: str(r.cardFamily),
        bankName: str(r.cardBankName),
      };
    },

    async deleteCard(req) {
      const r = await call("card", "delete", { locale: "tr", cardUserKey: req.cardUserKey, cardToken: req.cardToken });
      if (isFailure(r)) return r;
      return r.status === "success" ? { ok: true } : providerError(r);
    },

    async refund(req) {
      const r = await call("refund", "create", {
        locale: "tr",
        conversationId: req.providerPaymentId,
        paymentTransactionId: req.transactionId,
        price: liraText(req.amount),
        currency: "TRY",
        ip: req.ip,
        reason: "other",
        description: req.reason.slice(0, 200),
      });
      if (isFailure(r)) return r;
      if (r.status !== "success") return providerError(r);
      return { ok: true, providerRef: `${str(r.paymentTransactionId) ?? req.transactionId}@${str(r.systemTime) ?? ""}` };
    },

    async cancel(req) {
      const r = await call("cancel", "create", { locale: "tr", conversationId: req.providerPaymentId, paymentId: req.providerPaymentId, ip: req.ip, reason: "other", description: req.reason.slice(0, 200) });
      if (isFailure(r)) return r;
      if (r.status !== "success") return providerError(r);
      return { ok: true, providerRef: `cancel:${str(r.paymentId) ?? req.providerPaymentId}` };
    },

    async retrieve(req) {
      const r = await call("payment", "retrieve", { locale: "tr", conversationId: req.conversationId, paymentId: req.providerPaymentId, paymentConversationId: req.providerPaymentId ? undefined : req.conversationId });
      if (isFailure(r)) return r;
      if (r.status !== "success") return { ...providerError(r), unknown: true };
      if (!signed(r, PAYMENT_SIGNED)) return badSignature;
      const paymentStatus = str(r.paymentStatus) ?? "SUCCESS";
      if (paymentStatus !== "SUCCESS") return { ok: true, status: "failed" };
      return { ok: true, status: "succeeded", payment: payment(r) };
    },

    async binLookup(bin) {
      const r = await call("binNumber", "retrieve", { locale: "tr", conversationId: `bin-${bin}`, binNumber: bin });
      if (isFailure(r)) return r;
      if (r.status !== "success") return providerError(r);
      const info: CardInfo = { bin: str(r.binNumber) ?? bin, cardType: str(r.cardType), association: str(r.cardAssociation), family: str(r.cardFamily), bankName: str(r.bankName) };
      return { ok: true, ...info };
    },

    async installments(req) {
      const r = await call("installmentInfo", "retrieve", { locale: "tr", conversationId: req.conversationId, binNumber: req.bin, price: liraText(req.amount), currency: "TRY" });
      if (isFailure(r)) return r;
      if (r.status !== "success") return providerError(r);
      const parsed = installmentsOf(r, req.bin, req.amount);
      return parsed ? { ok: true, ...parsed } : { ok: false, code: "installment_answer", message: "no installment details" };
    },
  };
}

