import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { kurusFromLira } from "./gateway";
import { SANDBOX_TEST_CARDS, safeEqual, signFields } from "./sandbox";
import { sandboxInstallmentOptions } from "./sandbox-installments";

/**
 * A local HTTP server, started by tests, that speaks iyzico's request and response shapes: it checks the
 * IYZWSv2 Authorization header the iyzipay client sends (HMAC-SHA256 of random key + path + body with the
 * secret key), keeps payments and stored cards in memory and signs its responses like the provider.
 * Test support only: proves the adapter without the internet. Never used by the app.
 */

type Json = Record<string, unknown>;

export interface FakeIyzico {
  url: string;
  apiKey: string;
  secretKey: string;
  /** Every authenticated request: method, path and body. */
  requests: { method: string; path: string; body: Json }[];
  /** How many requests were refused for a bad Authorization header. */
  refused: number;
  /** The fields the bank posts to the callback URL after the buyer passes 3-D Secure. */
  callbackFor(paymentId: string, opts?: { mdStatus?: string }): Record<string, string>;
  /** The next request to this path is carried out but its answer is lost (connection dropped). */
  dropAnswerOnce(path: string): void;
  /** The next response to this path carries a wrong signature. */
  forgeSignatureOnce(path: string): void;
  /** The next response to this path carries no signature at all. */
  stripSignatureOnce(path: string): void;
  payments: Map<string, FakePayment>;
  close(): Promise<void>;
}

interface FakePayment {
  paymentId: string;
  conversationId: string;
  basketId: string;
  price: string;
  /** What the card was charged (price plus installment interest) and in how many installments. */
  paidPrice: string;
  installment: number;
  status: "INIT_THREEDS" | "CALLBACK_THREEDS" | "SUCCESS" | "FAILURE";
  number: string;
  registerCard: boolean;
  cardUserKey?: string;
  cardToken?: string;
  refunded: number;
  cancelled: boolean;
  transactionId: string;
}

const BINS: Record<string, Json> = {
  "552879": { cardType: "CREDIT_CARD", cardAssociation: "MASTER_CARD", cardFamily: "Paraf", bankName: "Halkbank", bankCode: 12 },
  "476662": { cardType: "DEBIT_CARD", cardAssociation: "VISA", cardFamily: "Bonus", bankName: "Denizbank", bankCode: 134 },
  "374427": { cardType: "CREDIT_CARD", cardAssociation: "AMERICAN_EXPRESS", cardFamily: "Bonus", bankName: "Garanti Bankası", bankCode: 62 },
  "411111": { cardType: "CREDIT_CARD", cardAssociation: "VISA", cardFamily: "", bankName: "Test Bank", bankCode: 0 },
  "540036": { cardType: "CREDIT_CARD", cardAssociation: "MASTER_CARD", cardFamily: "Bonus", bankName: "Garanti Bankası", bankCode: 62 },
  "454359": { cardType: "CREDIT_CARD", cardAssociation: "VISA", cardFamily: "Maximum", bankName: "Türkiye İş Bankası", bankCode: 64 },
  "545103": { cardType: "CREDIT_CARD", cardAssociation: "MASTER_CARD", cardFamily: "World", bankName: "Yapı ve Kredi Bankası", bankCode: 67 },
};

/** The installment table iyzico would answer for a BIN: the sandbox's table per card family (lira numbers). */
function installmentDetail(bin6: string, price: number): Json | null {
  const info = BINS[bin6];
  if (!info) return null;
  const options = sandboxInstallmentOptions({ cardType: String(info.cardType), association: String(info.cardAssociation), family: String(info.cardFamily) || undefined }, kurusFromLira(price));
  return {
    binNumber: bin6,
    price,
    cardType: info.cardType,
    cardAssociation: info.cardAssociation,
    cardFamilyName: info.cardFamily,
    force3ds: 0,
    bankCode: info.bankCode,
    bankName: info.bankName,
    forceCvc: 0,
    commercial: 0,
    dccEnabled: 0,
    agricultureEnabled: 0,
    installmentPrices: options.map((o) => ({ installmentPrice: o.monthly / 100, totalPrice: o.total / 100, installmentNumber: o.count })),
  };
}

/** Whether a payment request's installment and paidPrice are what the card's table gives for its price. */
function installmentAccepted(number: string, body: Json): boolean {
  const count = Number(body.installment ?? 1);
  if (count === 1) return kurusFromLira(String(body.paidPrice)) === kurusFromLira(String(body.price));
  const detail = installmentDetail(number.slice(0, 6), Number(body.price));
  const row = (detail?.installmentPrices as Json[] | undefined)?.find((p) => p.installmentNumber === count);
  return Boolean(row) && kurusFromLira(String(row!.totalPrice)) === kurusFromLira(String(body.paidPrice));
}
/** The fake refuses an installment count or paidPrice the card's table does not give (the error code is the fake's own). */
const INSTALLMENT_REFUSED: [string, string] = ["5087", "Taksit bilgisi geçersiz"];

const FAIL_TEXTS: Record<string, [string, string]> = {
  insufficient_funds: ["10051", "Kart limiti yetersiz, yetersiz bakiye"],
  do_not_honour: ["10005", "İşlem onaylanmadı"],
  invalid_cvc: ["10084", "CVC2 bilgisi hatalı"],
  "3ds_init_failed": ["10217", "3DSecure initialize başarısız"],
};

export async function startFakeIyzico(): Promise<FakeIyzico> {
  const apiKey = `sandbox-${randomBytes(6).toString("hex")}`;
  const secretKey = `sandbox-${randomBytes(12).toString("hex")}`;
  const payments = new Map<string, FakePayment>();
  const cards = new Map<string, { cardUserKey: string; number: string; alias: string }>();
  const requests: FakeIyzico["requests"] = [];
  const drop = new Set<string>();
  const forge = new Set<string>();
  const strip = new Set<string>();
  let refused = 0;
  let seq = 1000;

  const sign = (values: unknown[]) => signFields(secretKey, values.map((v) => (v === undefined ? undefined : String(v))));

  function authorised(req: IncomingMessage, path: string, raw: string): boolean {
    const header = req.headers.authorization ?? "";
    const rnd = String(req.headers["x-iyzi-rnd"] ?? "");
    if (!header.startsWith("IYZWSv2 ") || !rnd) return false;
    const parts = Object.fromEntries(
      Buffer.from(header.slice(8), "base64")
        .toString("utf8")
        .split("&")
        .map((kv) => [kv.slice(0, kv.indexOf(":")), kv.slice(kv.indexOf(":") + 1)]),
    );
    if (parts.apiKey !== apiKey || parts.randomKey !== rnd) return false;
    const expected = createHmac("sha256", secretKey).update(rnd + path + raw).digest("hex");
    return safeEqual(expected, parts.signature ?? "");
  }

  function base(body: Json): Json {
    return { status: "success", locale: body.locale ?? "tr", systemTime: 1_795_000_000_000, conversationId: body.conversationId };
  }
  const failure = (body: Json, code: string, message: string): Json => ({ ...base(body), status: "failure", errorCode: code, errorMessage: message, errorGroup: "NOT_SUFFICIENT_FUNDS" });

  function outcome(number: string) {
    return SANDBOX_TEST_CARDS[number]?.outcome ?? "ok";
  }

  function paymentJson(body: Json, p: FakePayment): Json {
    const bin = p.number.slice(0, 6);
    const r: Json = {
      ...base(body),
      conversationId: p.conversationId,
      price: Number(p.price),
      paidPrice: Number(p.paidPrice),
      installment: p.installment,
      paymentId: p.paymentId,
      fraudStatus: 1,
      merchantCommissionRate: 0,
      basketId: p.basketId,
      currency: "TRY",
      binNumber: bin,
      lastFourDigits: p.number.slice(-4),
      cardType: (BINS[bin]?.cardType as string) ?? "CREDIT_CARD",
      cardAssociation: (BINS[bin]?.cardAssociation as string) ?? "VISA",
      cardFamily: (BINS[bin]?.cardFamily as string) ?? "",
      itemTransactions: [{ itemId: p.basketId, paymentTransactionId: p.transactionId, transactionStatus: 2, price: Number(p.price), paidPrice: Number(p.paidPrice) }],
      authCode: "123456",
      phase: "AUTH",
      paymentStatus: p.status,
      ...(p.cardToken ? { cardUserKey: p.cardUserKey, cardToken: p.cardToken } : {}),
    };
    r.signature = sign([r.paymentId, r.currency, r.basketId, r.conversationId, r.paidPrice, r.price]);
    return r;
  }

  function newCard(cardUserKey: string | undefined, number: string, alias: string) {
    const key = cardUserKey ?? `cuk-${randomBytes(6).toString("hex")}`;
    const token = `ctk-${randomBytes(6).toString("hex")}`;
    cards.set(token, { cardUserKey: key, number, alias });
    return { cardUserKey: key, cardToken: token };
  }

  function handle(method: string, path: string, body: Json): Json {
    const card = body.paymentCard as Json | undefined;
    switch (`${method} ${path}`) {
      case "POST /payment/3dsecure/initialize": {
        const number = String(card?.cardNumber ?? "");
        const o = outcome(number);
        if (o === "3ds_init_failed") return failure(body, ...FAIL_TEXTS[o]!);
        if (!installmentAccepted(number, body)) return failure(body, ...INSTALLMENT_REFUSED);
        const p: FakePayment = {
          paymentId: String(++seq),
          conversationId: String(body.conversationId),
          basketId: String(body.basketId),
          price: String(body.price),
          paidPrice: String(body.paidPrice),
          installment: Number(body.installment ?? 1),
          status: "INIT_THREEDS",
          number,
          registerCard: card?.registerCard === "1",
          cardUserKey: card?.cardUserKey as string | undefined,
          refunded: 0,
          cancelled: false,
          transactionId: String(++seq),
        };
        payments.set(p.paymentId, p);
        const html = `<!doctype html><html><body><form id="iyzico-3ds-form" action="${String(body.callbackUrl)}" method="post"><input type="hidden" name="paymentId" value="${p.paymentId}"></form><script>document.getElementById('iyzico-3ds-form').submit();</script></body></html>`;
        const r: Json = { ...base(body), threeDSHtmlContent: Buffer.from(html).toString("base64"), paymentId: p.paymentId };
        r.signature = sign([r.paymentId, r.conversationId]);
        return r;
      }
      case "POST /payment/3dsecure/auth": {
        const p = payments.get(String(body.paymentId));
        if (!p || p.status === "INIT_THREEDS") return failure(body, "10215", "3DS doğrulaması yapılmadı");
        if (p.status === "SUCCESS") return paymentJson(body, p);
        const o = outcome(p.number);
        if (o !== "ok" && o !== "3ds_init_failed") {
          p.status = "FAILURE";
          return failure(body, ...FAIL_TEXTS[o]!);
        }
        p.status = "SUCCESS";
        if (p.registerCard) Object.assign(p, newCard(p.cardUserKey, p.number, ""));
        return paymentJson(body, p);
      }
      case "POST /payment/auth": {
        let number: string;
        if (card?.cardToken) {
          const c = cards.get(String(card.cardToken));
          if (!c || c.cardUserKey !== card.cardUserKey) return failure(body, "1001", "Kart bulunamadı");
          number = c.number;
        } else number = String(card?.cardNumber ?? "");
        if (!installmentAccepted(number, body)) return failure(body, ...INSTALLMENT_REFUSED);
        const p: FakePayment = {
          paymentId: String(++seq),
          conversationId: String(body.conversationId),
          basketId: String(body.basketId),
          price: String(body.price),
          paidPrice: String(body.paidPrice),
          installment: Number(body.installment ?? 1),
          status: "SUCCESS",
          number,
          registerCard: false,
          refunded: 0,
          cancelled: false,
          transactionId: String(++seq),
        };
        const o = outcome(number);
        if (o !== "ok" && o !== "3ds_init_failed") return failure(body, ...FAIL_TEXTS[o]!);
        payments.set(p.paymentId, p);
        return paymentJson(body, p);
      }
      case "POST /payment/detail": {
        const p = body.paymentId
          ? payments.get(String(body.paymentId))
          : [...payments.values()].find((x) => x.conversationId === body.paymentConversationId && x.status === "SUCCESS");
        if (!p) return failure(body, "5", "Ödeme bulunamadı");
        return paymentJson(body, p);
      }
      case "POST /cardstorage/card": {
        const c = body.card as Json;
        const ref = newCard(body.cardUserKey as string | undefined, String(c.cardNumber), String(c.cardAlias ?? ""));
        const bin = String(c.cardNumber).slice(0, 6);
        return { ...base(body), externalId: body.externalId, email: body.email, ...ref, cardAlias: c.cardAlias, binNumber: bin, lastFourDigits: String(c.cardNumber).slice(-4), cardBankName: BINS[bin]?.bankName, cardBankCode: BINS[bin]?.bankCode, ...BINS[bin] };
      }
      case "DELETE /cardstorage/card": {
        const c = cards.get(String(body.cardToken));
        if (!c || c.cardUserKey !== body.cardUserKey) return failure(body, "1001", "Kart bulunamadı");
        cards.delete(String(body.cardToken));
        return base(body);
      }
      case "POST /payment/refund": {
        const p = [...payments.values()].find((x) => x.transactionId === body.paymentTransactionId);
        const amount = kurusFromLira(String(body.price));
        if (!p || p.status !== "SUCCESS" || p.cancelled) return failure(body, "5", "Ödeme bulunamadı");
        if (p.refunded + amount > kurusFromLira(p.paidPrice)) return failure(body, "5093", "İade tutarı, ödenen tutarı aşıyor");
        p.refunded += amount;
        return { ...base(body), paymentId: p.paymentId, paymentTransactionId: p.transactionId, price: Number(body.price), currency: "TRY" };
      }
      case "POST /payment/cancel": {
        const p = payments.get(String(body.paymentId));
        if (!p || p.status !== "SUCCESS" || p.cancelled || p.refunded) return failure(body, "5092", "İptal edilemez");
        p.cancelled = true;
        return { ...base(body), paymentId: p.paymentId, price: Number(p.paidPrice), currency: "TRY" };
      }
      case "POST /payment/bin/check": {
        const bin = String(body.binNumber);
        const info = BINS[bin];
        return info ? { ...base(body), binNumber: bin, ...info, commercial: 0 } : failure(body, "12", "Kart numarası geçersiz");
      }
      case "POST /payment/iyzipos/installment": {
        const bin = String(body.binNumber ?? "");
        const price = Number(body.price);
        if (!/^\d{6}(\d{2})?$/.test(bin) || !(price > 0)) return failure(body, "12", "Kart numarası geçersiz");
        const detail = installmentDetail(bin.slice(0, 6), price);
        return detail ? { ...base(body), installmentDetails: [detail] } : failure(body, "12", "Kart numarası geçersiz");
      }
      default:
        return failure(body, "404", `unknown endpoint ${method} ${path}`);
    }
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // one connection per request: a kept-alive one could be reused by the client just as this server closes it idle
    // (ECONNRESET, "fetch failed": seen on a busy CI machine), which a real provider would only cost a retry
    res.setHeader("Connection", "close");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = (req.url ?? "/").split("?")[0]!;
      const method = req.method ?? "GET";
      const send = (status: number, json: Json) => {
        res.writeHead(status, { "content-type": "application/json;charset=UTF-8" });
        res.end(JSON.stringify(json));
      };
      let body: Json;
      try {
        body = raw ? (JSON.parse(raw) as Json) : {};
      } catch {
        return send(400, { status: "failure", errorCode: "11", errorMessage: "Geçersiz istek" });
      }
      if (!authorised(req, path, raw)) {
        refused++;
        return send(401, { status: "failure", errorCode: "1000", errorMessage: "Geçersiz imza", locale: "tr", systemTime: 1 });
      }
      requests.push({ method, path, body });
      const answer = handle(method, path, body);
      if (forge.delete(path) && answer.signature) answer.signature = "f".repeat(64);
      if (strip.delete(path)) delete answer.signature;
      if (drop.delete(path)) {
        req.socket.destroy();
        return;
      }
      send(200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    secretKey,
    requests,
    get refused() {
      return refused;
    },
    payments,
    callbackFor(paymentId, opts = {}) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`no payment ${paymentId}`);
      const mdStatus = opts.mdStatus ?? "1";
      if (p.status === "INIT_THREEDS") p.status = mdStatus === "1" ? "CALLBACK_THREEDS" : "FAILURE";
      const f: Record<string, string> = { status: mdStatus === "1" ? "success" : "failure", paymentId, conversationData: `cd-${paymentId}`, conversationId: p.conversationId, mdStatus };
      f.signature = sign([f.conversationData, f.conversationId, f.mdStatus, f.paymentId, f.status]);
      return f;
    },
    dropAnswerOnce: (path) => void drop.add(path),
    forgeSignatureOnce: (path) => void forge.add(path),
    stripSignatureOnce: (path) => void strip.add(path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
