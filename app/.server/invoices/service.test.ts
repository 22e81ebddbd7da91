/* eslint-disable @typescript-eslint/no-explicit-any -- the XML is read back as the parser's untyped tree */
import { cancelOrder } from "../flows/cancel-order";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { createTestApp, type TestApp } from "../db/testing";
import { loadConfig } from "../config";
import * as orders from "../orders/service";
import * as invoices from "./service";
import { runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import { jobs } from "../db/schema/system";
import { invoices as invoiceTable } from "../db/schema/invoices";
import { orderTaxes } from "../db/schema/orders";
import { INVOICE_NUMBER, type EarsivDocument } from "~/shared/earsiv";
import { computeInvoice } from "~/shared/invoice";

/**
 * e-Arşiv invoices through the real order state machine, on PGlite or PostgreSQL (DATABASE_URL): issued once at
 * the moment the order is handed over, numbered gaplessly under concurrency, XML read back with a real parser,
 * taxes per rate adding up to the order's totals, cancellation and return invoices.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: "2026-11-24T10:00:00+03:00" });
});
afterAll(() => app.close());

const address = {
  delFullName: "Ayşe Nur Yılmaz",
  delAddress: "Çiçek Sokak No: 3 D: 4",
  delNeighName: "Moda Mah.",
  delCountyName: "Kadıköy",
  delCityName: "İstanbul",
  delPhoneNumber: "5321234567",
  isSingleAddress: 1 as const,
};
// 2 × 125,00 at 10 % + 1 × 89,90 at 20 % + delivery 39,99 at 20 %, a 15,00 discount and 7,77 of points
const lines = [
  { productId: 10001, name: "Orijinal Kurabiye <6'lı> & Süt", quantity: 2, unitPrice: 12500, originalPrice: 12500, taxRateBp: 1000 },
  { productId: 20002, name: "Heyecanlı Kutu", quantity: 1, unitPrice: 8990, originalPrice: 9990, taxRateBp: 2000 },
];
const productTotal = 2 * 12500 + 8990;
function order(over: Record<string, unknown> = {}) {
  return {
    userId: null,
    email: "ayse@example.com",
    deliveryType: "Carrier",
    readyDate: "2026-11-25",
    address,
    productTotal,
    deliveryCost: 3999,
    discountAmount: 1500,
    usedBonus: 777,
    needToPay: productTotal + 3999 - 1500 - 777,
    taxSnapshot: { deliveryRateBp: 2000 },
    paymentRef: "pay-1",
    ...over,
  };
}
async function place(over: Record<string, unknown> = {}) {
  return app.db.transaction((tx) => orders.createOrder(app, tx, order(over), lines, "test"));
}
async function toReady(id: number) {
  await orders.transition(app, id, "preparing", "staff:1");
  await orders.transition(app, id, "ready", "staff:1");
}
async function ship(id: number) {
  return app.db.transaction(async (tx) => {
    await orders.setShipment(app, tx, id, { carrier: "Yurtiçi Kargo", trackingNumber: "123" });
    return orders.transition(app, id, "shipped", "staff:1", "", tx);
  });
}
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) => ["cac:InvoiceLine", "cac:TaxSubtotal", "cac:AdditionalDocumentReference", "cac:PartyIdentification", "cbc:Note"].includes(name),
});
const text = (v: unknown): string => (typeof v === "object" && v !== null ? String((v as Record<string, unknown>)["#text"]) : String(v));
const kurus = (v: unknown) => Math.round(Number(text(v)) * 100);

describe("e-Arşiv invoices", () => {
  it("no invoice before the order is handed over; one SATIS at shipping, in the same transaction, never a second", async () => {
    const o = await place();
    await toReady(o.id);
    expect(await invoices.forOrder(app, o.id)).toEqual([]);
    await ship(o.id);
    const [inv, ...rest] = await invoices.forOrder(app, o.id);
    expect(rest).toEqual([]);
    expect(inv!.kind).toBe("SATIS");
    expect(inv!.number).toMatch(INVOICE_NUMBER);
    expect(inv!.number).toHaveLength(16);
    expect(inv!.number.startsWith("KRB2026")).toBe(true);
    expect(inv!.ettn).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(inv!.status).toBe("queued");
    // delivered later: still one invoice
    await orders.transition(app, o.id, "delivered", "staff:1");
    expect(await invoices.forOrder(app, o.id)).toHaveLength(1);
  });

  it("a status change that rolls back takes no number and leaves no invoice", async () => {
    const o = await place();
    await toReady(o.id);
    const before = await app.db.execute<{ last: number }>(sql`select coalesce(max(last), 0)::int as last from invoice_counters`);
    await expect(
      app.db.transaction(async (tx) => {
        await orders.transition(app, o.id, "shipped", "staff:1", "", tx);
        throw new Error("boom after the status change");
      }),
    ).rejects.toThrow("boom");
    const after = await app.db.execute<{ last: number }>(sql`select coalesce(max(last), 0)::int as last from invoice_counters`);
    expect((after as unknown as { rows: { last: number }[] }).rows[0]!.last).toBe((before as unknown as { rows: { last: number }[] }).rows[0]!.last);
    expect(await invoices.forOrder(app, o.id)).toEqual([]);
  });

  it("the XML, read back with a real XML parser, carries every field of the e-Arşiv guide; taxes add up to the order to the kuruş", async () => {
    const o = await place({ giftNote: "" });
    await toReady(o.id);
    await ship(o.id);
    const [inv] = await invoices.forOrder(app, o.id);
    const x = parser.parse(inv!.xml) as { Invoice: Record<string, any> };
    const I = x.Invoice;
    expect(I["@xmlns"]).toBe("urn:oasis:names:specification:ubl:schema:xsd:Invoice-2");
    expect(I["cbc:UBLVersionID"]).toBe("2.1");
    expect(I["cbc:CustomizationID"]).toBe("TR1.2");
    expect(I["cbc:ProfileID"]).toBe("EARSIVFATURA");
    expect(I["cbc:ID"]).toBe(inv!.number);
    expect(I["cbc:UUID"]).toBe(inv!.ettn);
    expect(I["cbc:IssueDate"]).toBe("2026-11-24");
    expect(I["cbc:IssueTime"]).toBe("10:00:00");
    expect(I["cbc:InvoiceTypeCode"]).toBe("SATIS");
    expect(I["cbc:DocumentCurrencyCode"]).toBe("TRY");
    expect(I["cbc:LineCountNumeric"]).toBe("3");
    expect(I["cac:OrderReference"]["cbc:ID"]).toBe(o.orderNumber);
    // seller: VKN + MERSİS, web address
    const seller = I["cac:AccountingSupplierParty"]["cac:Party"];
    expect(seller["cbc:WebsiteURI"]).toMatch(/^https:\/\//);
    expect(seller["cac:PartyIdentification"].map((p: any) => p["cbc:ID"]["@schemeID"])).toEqual(["VKN", "MERSISNO"]);
    expect(text(seller["cac:PartyIdentification"][0]["cbc:ID"])).toMatch(/^\d{10}$/);
    expect(seller["cac:PartyTaxScheme"]["cac:TaxScheme"]["cbc:Name"]).toBeTruthy();
    // buyer: an individual without a TCKN → 11111111111, with her name as a person
    const buyer = I["cac:AccountingCustomerParty"]["cac:Party"];
    expect(buyer["cac:PartyIdentification"][0]["cbc:ID"]).toEqual({ "#text": "11111111111", "@schemeID": "TCKN" });
    expect(buyer["cac:Person"]).toEqual({ "cbc:FirstName": "Ayşe Nur", "cbc:FamilyName": "Yılmaz" });
    expect(buyer["cac:PostalAddress"]["cbc:CityName"]).toBe("İstanbul");
    expect(buyer["cac:PostalAddress"]["cbc:CitySubdivisionName"]).toBe("Kadıköy");
    expect(buyer["cac:Contact"]["cbc:ElectronicMail"]).toBe("ayse@example.com");
    // internet sale: payment, carrier, dispatch date
    expect(I["cac:PaymentMeans"]["cbc:PaymentMeansCode"]).toBe("48");
    expect(I["cac:PaymentMeans"]["cbc:InstructionNote"]).toBe("KREDIKARTI/BANKAKARTI");
    expect(I["cac:PaymentMeans"]["cbc:PaymentDueDate"]).toBe("2026-11-24");
    expect(I["cac:Delivery"]["cac:CarrierParty"]["cac:PartyName"]["cbc:Name"]).toBe("Yurtiçi Kargo");
    expect(I["cac:Delivery"]["cac:Despatch"]["cbc:ActualDespatchDate"]).toBe("2026-11-24");
    const refs = I["cac:AdditionalDocumentReference"];
    expect(refs[0]["cbc:ID"]).toBe("ELEKTRONIK");
    expect(text(refs[1]["cbc:ID"])).toBe("İrsaliye yerine geçer.");
    // lines: names escaped and read back intact, C62, delivery fee its own line
    const L = I["cac:InvoiceLine"];
    expect(L.map((l: any) => l["cac:Item"]["cbc:Name"])).toEqual(["Orijinal Kurabiye <6'lı> & Süt", "Heyecanlı Kutu", "Teslimat ücreti"]);
    expect(L.map((l: any) => l["cbc:InvoicedQuantity"]["@unitCode"])).toEqual(["C62", "C62", "C62"]);
    expect(L.map((l: any) => text(l["cbc:InvoicedQuantity"]))).toEqual(["2", "1", "1"]);
    expect(L.map((l: any) => l["cac:TaxTotal"]["cac:TaxSubtotal"][0]["cbc:Percent"])).toEqual(["10", "20", "20"]);
    expect(inv!.xml).toContain("Orijinal Kurabiye &lt;6&apos;lı&gt; &amp; Süt");
    // the same arithmetic as the workshop's print page, and what was paid
    const expected = computeInvoice({ lines, discountAmount: 1500, usedBonus: 777, shippingCost: 3999, deliveryRateBp: 2000 });
    const subs = I["cac:TaxTotal"]["cac:TaxSubtotal"];
    expect(subs.map((s: any) => ({ rate: Number(s["cbc:Percent"]) * 100, base: kurus(s["cbc:TaxableAmount"]), tax: kurus(s["cbc:TaxAmount"]) }))).toEqual(
      expected.byRate.map((t) => ({ rate: t.rateBp, base: t.net, tax: t.tax })),
    );
    expect(subs.every((s: any) => s["cbc:TaxAmount"]["@currencyID"] === "TRY")).toBe(true);
    // and the KDV split stored with the order when it was placed (issue 28, decision 0042): the same, rate by rate
    const stored = (await app.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, o.id))).sort((a, b) => a.rateBp - b.rateBp);
    expect(subs.map((s: any) => ({ rateBp: Number(s["cbc:Percent"]) * 100, net: kurus(s["cbc:TaxableAmount"]), tax: kurus(s["cbc:TaxAmount"]) }))).toEqual(stored.map((r) => ({ rateBp: r.rateBp, net: r.net, tax: r.tax })));
    const taxTotal = kurus(I["cac:TaxTotal"]["cbc:TaxAmount"]);
    expect(taxTotal).toBe(subs.reduce((a: number, s: any) => a + kurus(s["cbc:TaxAmount"]), 0));
    // per line: line taxes add up to the rate's tax, line nets to the rate's base
    for (const s of subs) {
      const rate = s["cbc:Percent"];
      const mine = L.filter((l: any) => l["cac:TaxTotal"]["cac:TaxSubtotal"][0]["cbc:Percent"] === rate);
      expect(mine.reduce((a: number, l: any) => a + kurus(l["cac:TaxTotal"]["cbc:TaxAmount"]), 0)).toBe(kurus(s["cbc:TaxAmount"]));
      expect(mine.reduce((a: number, l: any) => a + kurus(l["cbc:LineExtensionAmount"]), 0)).toBe(kurus(s["cbc:TaxableAmount"]));
    }
    const T = I["cac:LegalMonetaryTotal"];
    const lineAllowances = L.reduce((a: number, l: any) => a + (l["cac:AllowanceCharge"] ? kurus(l["cac:AllowanceCharge"]["cbc:Amount"]) : 0), 0);
    expect(kurus(T["cbc:AllowanceTotalAmount"])).toBe(lineAllowances);
    expect(kurus(T["cbc:AllowanceTotalAmount"])).toBe(expected.reductionsNet);
    expect(kurus(T["cbc:LineExtensionAmount"]) - kurus(T["cbc:AllowanceTotalAmount"])).toBe(kurus(T["cbc:TaxExclusiveAmount"]));
    expect(kurus(T["cbc:TaxExclusiveAmount"])).toBe(expected.subTotal);
    expect(kurus(T["cbc:TaxInclusiveAmount"])).toBe(kurus(T["cbc:TaxExclusiveAmount"]) + taxTotal);
    expect(kurus(T["cbc:PayableAmount"])).toBe(o.needToPay);
    expect(inv!.total).toBe(o.needToPay);
  });

  it("a company buyer with a valid VKN is named with its title and tax office; a valid TCKN is kept", async () => {
    const company = await place({ address: { ...address, isSingleAddress: 0, invFullName: "Ali Veli", invAddress: "Büro Sk. 1", invCityName: "Ankara", invCountyName: "Çankaya", invNeighName: "Kızılay", firmName: "Örnek Gıda A.Ş.", taxAuthority: "Çankaya", TID: "1234567890" } });
    await toReady(company.id);
    await ship(company.id);
    const doc = (await invoices.copiesOf(app, company.id))[0]!.doc;
    expect(doc.buyer).toMatchObject({ idScheme: "VKN", id: "1234567890", name: "Örnek Gıda A.Ş.", taxOffice: "Çankaya", person: null });
    // a gift (delivered to someone else): the invoice goes by e-mail only, nothing replaces the dispatch note
    expect(doc.replacesDispatchNote).toBe(false);
    const person = await place({ address: { ...address, TID: "10000000146" } });
    await toReady(person.id);
    await ship(person.id);
    expect((await invoices.copiesOf(app, person.id))[0]!.doc.buyer).toMatchObject({ idScheme: "TCKN", id: "10000000146" });
  });

  it("50 orders shipped at once get 50 consecutive numbers: no gap, no duplicate", async () => {
    const placed: Awaited<ReturnType<typeof place>>[] = [];
    for (let i = 0; i < 50; i++) placed.push(await place());
    for (const o of placed) await toReady(o.id);
    const t0 = performance.now();
    await Promise.all(placed.map((o) => ship(o.id)));
    const ms = performance.now() - t0;
    const rows = await app.db.select().from(invoiceTable).where(eq(invoiceTable.kind, "SATIS"));
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(rows.filter((r) => placed.some((o) => o.id === r.orderId))).toHaveLength(50);
    console.info(`[invoices] 50 concurrent issues on ${loadConfig().databaseUrl ? "PostgreSQL" : "PGlite"}: ${Math.round(ms)} ms; sequences 1…${seqs.at(-1)} gapless`);
  });

  it("the send job hands it to the provider, then the buyer gets the mail with the copy's link (once)", async () => {
    const o = await place();
    await toReady(o.id);
    await ship(o.id);
    const [inv] = await invoices.forOrder(app, o.id);
    while ((await runDueJobs(app, JOB_HANDLERS, 100)) > 0);
    const sent = (await invoices.forOrder(app, o.id))[0]!;
    expect(sent.status).toBe("sent");
    expect(sent.providerRef).toBe(`local:${inv!.ettn}`);
    const mails = await app.db.select().from(jobs).where(eq(jobs.dedupeKey, `earsiv-mail:${inv!.id}`));
    expect(mails).toHaveLength(1);
    const p = mails[0]!.payload as { to: string; subject: string; html: string };
    expect(p.to).toBe("ayse@example.com");
    expect(p.subject).toContain(inv!.number);
    expect(p.html).toContain(`/efatura/${o.publicId}?exp=`);
    expect(p.html).toContain(inv!.ettn);
  });

  it("cancelled before it left, within 8 days: the invoice is cancelled (iptal), no return invoice", async () => {
    const o = await place();
    await toReady(o.id);
    // invoicing at 'ready' (a seller's choice): then a cancellation can follow the invoice
    const ready = { ...app, config: { ...app.config, invoice: { ...app.config.invoice, moment: "ready" as const } } };
    await orders.transition(ready, o.id, "ready", "staff:1").catch(() => undefined);
    const o2 = await place();
    await orders.transition(ready, o2.id, "preparing", "staff:1");
    await orders.transition(ready, o2.id, "ready", "staff:1");
    expect(await invoices.forOrder(app, o2.id)).toHaveLength(1);
    await cancelOrder(ready, o2.id, { actor: "staff:1", reason: "müşteri istedi" });
    const after = await invoices.forOrder(app, o2.id);
    expect(after.map((i) => [i.kind, i.status])).toEqual([["SATIS", "cancelled"]]);
    expect(await app.db.select().from(jobs).where(eq(jobs.dedupeKey, `${invoices.CANCEL_JOB}:${after[0]!.id}`))).toHaveLength(1);
  });

  it("a delivered order refunded in full gets a return invoice (IADE) that names the original", async () => {
    const o = await place();
    await toReady(o.id);
    await ship(o.id);
    await orders.transition(app, o.id, "delivered", "staff:1");
    await orders.transition(app, o.id, "refunded", "staff:1", "iade");
    const [sale, ret] = await invoices.forOrder(app, o.id);
    expect(ret!.kind).toBe("IADE");
    expect(ret!.refInvoiceId).toBe(sale!.id);
    expect(ret!.seq).toBeGreaterThan(sale!.seq);
    const I = (parser.parse(ret!.xml) as { Invoice: Record<string, any> }).Invoice;
    expect(I["cbc:InvoiceTypeCode"]).toBe("IADE");
    expect(I["cac:BillingReference"]["cac:InvoiceDocumentReference"]["cbc:ID"]).toBe(sale!.number);
    expect(kurus(I["cac:LegalMonetaryTotal"]["cbc:PayableAmount"])).toBe(o.needToPay);
    expect((ret!.copy as EarsivDocument).returnOf).toMatchObject({ number: sale!.number, ettn: sale!.ettn });
  });
});
