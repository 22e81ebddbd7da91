import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { users } from "../db/schema/accounts";
import { orders } from "../db/schema/orders";
import { jobs } from "../db/schema/system";
import * as basket from "../basket/service";
import * as checkout from "./service";
import { placeOrder } from "../flows/place-order";
import * as geo from "../geo/service";
import * as payments from "../payments/service";
import * as printing from "../printing/service";
import { contractText, distanceSalesContract, preInformationForm, readAcceptedContracts } from "./contracts";
import { parseDeliveryForm } from "~/shared/checkout-forms";
import { shownDates } from "~/shared/delivery-choice";
import { istanbulDate } from "~/shared/clock";
import { contractsTr } from "~/shared/texts/contracts.tr";

let app: TestApp;
let ankara: { cityId: number; countyId: number };

beforeAll(async () => {
  app = await createTestApp();
  const city = (await geo.listCities(app)).find((c) => c.name === "Ankara")!;
  const county = (await geo.listCounties(app, city.id)).find((c) => c.name === "Çankaya")!;
  ankara = { cityId: city.id, countyId: county.id };
});
afterAll(() => app?.close());

/** A member with a saved card and a basket ready at the confirm step. */
async function readyMemberBasket() {
  const now = app.clock.now();
  const email = `sozlesme-${randomUUID().slice(0, 8)}@example.com`;
  const [u] = await app.db.insert(users).values({ email, name: "Sözleşme Alıcı", activatedAt: now, createdAt: now, updatedAt: now }).returning();
  const owner = { sessionId: randomUUID(), userId: u!.id };
  const added = await basket.addItem(app, owner, { productId: 10003, quantity: 2 });
  if (!added.ok) throw new Error(added.error);
  const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  const opts = await checkout.optionsFor(app, b, { ...ankara });
  if (!opts.ok) throw new Error("no options");
  const dates = shownDates(opts.options, { option: "Standart" })!;
  const form = parseDeliveryForm({
    fullName: "Zeynep Sözleşmeci",
    address: "Atatürk Bulvarı No 12 Daire 3",
    cityId: String(ankara.cityId),
    countyId: String(ankara.countyId),
    phone: "5329876543",
    invoiceType: "Individual",
    readyDate: dates.ready.dateISO,
    estimatedDelivery: dates.estimated.dateISO,
    option: "Standart",
  });
  if (!form.success) throw new Error(JSON.stringify(form.error.issues));
  const saved = await checkout.saveDelivery(app, b, u!.id, form.data);
  if (!saved.ok) throw new Error(saved.message);
  const card = await payments.saveCardForUser(app, u!.id, email, { number: "5528790000000008", holder: "Zeynep Sözleşmeci", expMonth: 12, expYear: 2030 });
  if (!card.ok) throw new Error(card.message);
  await checkout.savePayment(app, b.id, email, { mode: "saved", savedCardId: card.card.cardId, saveCard: false, lastFour: "0008", cardType: "Mastercard" });
  return { owner, userId: u!.id, basket: (await basket.getBasket(app, owner)) as checkout.OpenBasket };
}

describe("contracts delivered and kept (issue 26 §3)", () => {
  it("the order keeps the exact texts shown at the confirm step, with version and digest; the confirmation mail attaches and links them", async () => {
    const { basket: b, userId } = await readyMemberBasket();
    // what the confirm step shows (its loader builds the same input)
    const shown = checkout.contractInput(b, await checkout.getState(app, b.id), istanbulDate(app.clock.now()))!;
    const shownTexts = [contractText(preInformationForm(shown)), contractText(distanceSalesContract(shown))];
    const placed = await placeOrder(app, { basket: b, userId, ip: "127.0.0.1", acceptPreInfo: true, acceptContract: true });
    expect(placed.status).toBe("succeeded");
    const [order] = await app.db.select().from(orders).where(eq(orders.basketId, b.id));
    const kept = readAcceptedContracts(order!.contracts)!;
    expect(kept).toMatchObject({ version: contractsTr.version, intact: true, acceptedAt: app.clock.now().toISOString() });
    expect([kept.preInfo, kept.distanceSales]).toEqual(shownTexts);
    expect(kept.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect([contractText(kept.docs!.preInfo), contractText(kept.docs!.distanceSales)]).toEqual(shownTexts);
    for (const s of ["Zeynep Sözleşmeci", "5329876543", "Unvan: ÖRNEK Kurabiye Atölyesi", "MERSİS No: 0999999999400015"]) expect(kept.preInfo).toContain(s);

    const [mail] = await app.db.select().from(jobs).where(eq(jobs.dedupeKey, `order-confirmation:${order!.id}`));
    const payload = mail!.payload as { text: string; attachments: { filename: string; contentType: string; content: string }[] };
    expect(payload.attachments.map((a) => a.filename)).toEqual([`on-bilgilendirme-formu-${order!.orderNumber}.html`, `mesafeli-satis-sozlesmesi-${order!.orderNumber}.html`]);
    expect(payload.attachments[0]!.content).toContain("<h1>Ön Bilgilendirme Formu</h1>");
    expect(payload.attachments[1]!.content).toContain("<h1>Mesafeli Satış Sözleşmesi</h1>");
    expect(payload.attachments[1]!.content).toContain(`Metin sürümü: ${contractsTr.version}`);
    const link = /https?:\/\/\S+\/ordercontracts\/\S+/.exec(payload.text)![0];
    const url = new URL(link);
    expect(decodeURIComponent(url.pathname.split("/").pop()!)).toBe(order!.publicId);

    // the signed link opens the order's contracts for anyone holding it; without the signature: nothing
    const ref = decodeURIComponent(url.pathname.split("/").pop()!);
    expect((await printing.printableOrder(app, new Request(link), "contracts", ref))?.id).toBe(order!.id);
    expect(await printing.printableOrder(app, new Request(`http://x/ordercontracts/${ref}`), "contracts", ref)).toBeNull();
    // a signature for the invoice does not open the contracts
    const invoice = new URL(printing.signedPrintUrl(app, "invoice", ref), "http://x");
    expect(await printing.printableOrder(app, new Request(`http://x/ordercontracts/${ref}${invoice.search}`), "contracts", ref)).toBeNull();
    // the member area lists the page for this order
    const links = await printing.memberPrintLinks(app, userId);
    expect(links[order!.orderNumber]!.contracts).toBe(`/ordercontracts/${order!.orderNumber}`);
  });

  it("a stored text changed afterwards no longer matches its digest; old rows without version still read", () => {
    const good = { version: "v", acceptedAt: "2026-11-23T07:00:00.000Z", preInfo: "a", distanceSales: "b" };
    expect(readAcceptedContracts(good)).toMatchObject({ intact: null, docs: null, version: "v" });
    expect(readAcceptedContracts({ preInfo: "a", distanceSales: "b", acceptedAt: "2026-11-23T07:00:00.000Z" })).toMatchObject({ version: "" });
    expect(readAcceptedContracts(null)).toBeNull();
  });

  it("the order is refused without both boxes ticked (the server's check behind the unticked boxes)", async () => {
    const { basket: b, userId } = await readyMemberBasket();
    for (const [acceptPreInfo, acceptContract] of [
      [false, false],
      [true, false],
      [false, true],
    ] as const) {
      const r = await placeOrder(app, { basket: b, userId, ip: "127.0.0.1", acceptPreInfo, acceptContract });
      expect(r).toMatchObject({ status: "failed", message: "Sözleşme onayı bekleniyor" });
    }
    expect(await app.db.select().from(orders).where(eq(orders.basketId, b.id))).toHaveLength(0);
  });
});
