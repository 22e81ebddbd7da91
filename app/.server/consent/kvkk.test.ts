import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { users } from "../db/schema/accounts";
import { marketingConsents } from "../db/schema/consents";
import { contactMessages } from "../db/schema/contact";
import { orders } from "../db/schema/orders";
import { jobs } from "../db/schema/system";
import * as accounts from "../accounts/service";
import * as basket from "../basket/service";
import * as checkout from "../checkout/service";
import { placeOrder } from "../flows/place-order";
import * as contact from "../contact/service";
import * as geo from "../geo/service";
import * as management from "../management/service";
import * as payments from "../payments/service";
import * as retention from "../retention/service";
import * as sms from "../sms/service";
import { runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import * as consent from "./service";
import { parseDeliveryForm } from "~/shared/checkout-forms";
import { shownDates } from "~/shared/delivery-choice";
import { consentTr } from "~/shared/texts/consent.tr";

let app: TestApp;
let outbox: string;
let smsOutbox: string;

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), "kvkk-outbox-"));
  smsOutbox = mkdtempSync(join(tmpdir(), "kvkk-sms-"));
  app = await createTestApp({ env: { MAIL_OUTBOX_DIR: outbox, SMS_OUTBOX_DIR: smsOutbox } });
});
afterAll(() => app?.close());

const jobsFor = async (to: string) => (await app.db.select().from(jobs)).filter((j) => (j.payload as { to?: string }).to === to);

describe("marketing consent (issue 26 §4)", () => {
  it("sign-up records a consent only when the box was ticked: who, when, version, channel, source, IP", async () => {
    await accounts.register(app, { email: "Izinli@Example.com", password: "Parola-12345", name: "İzinli Üye", ip: "10.1.2.3", marketing: true });
    await accounts.register(app, { email: "izinsiz@example.com", password: "Parola-12345", name: "İzinsiz Üye", ip: "10.1.2.4" });
    const rows = await app.db.select().from(marketingConsents);
    const user = await accounts.findUserByEmail(app, "izinli@example.com");
    expect(rows).toEqual([
      expect.objectContaining({ recipient: "izinli@example.com", channel: "email", status: "granted", userId: user!.id, textVersion: consentTr.version, source: "signup", ip: "10.1.2.3", createdAt: app.clock.now() }),
    ]);
    expect(await consent.hasConsent(app, "izinsiz@example.com")).toBe(false);
  });

  it("a marketing mail goes only with consent, carries the one-click link and List-Unsubscribe headers; the link withdraws", async () => {
    const mail = { subject: "Yeni kutular", heading: "Yeni kutular", paragraphs: ["Kış kutuları geldi."] };
    expect(await consent.queueMarketingMail(app, app.db, { ...mail, to: "izinsiz@example.com" })).toBe(false);
    expect((await jobsFor("izinsiz@example.com")).filter((j) => (j.payload as { subject: string }).subject === "Yeni kutular")).toHaveLength(0);
    expect(await consent.queueMarketingMail(app, app.db, { ...mail, to: "izinli@example.com" })).toBe(true);
    const [job] = await jobsFor("izinli@example.com").then((j) => j.filter((x) => (x.payload as { subject: string }).subject === "Yeni kutular"));
    const p = job!.payload as { text: string; html: string; headers: Record<string, string> };
    const url = new URL(/https?:\/\/\S+\/iletisim-izni\/ayril\S+/.exec(p.text)![0]);
    expect(p.headers).toEqual({ "List-Unsubscribe": `<${url.toString()}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(p.html).toContain("/iletisim-izni/ayril?e=izinli%40example.com&amp;sig=");
    // a forged or altered link does nothing
    expect(await consent.withdrawBySignedLink(app, "izinli@example.com", "x".repeat(43), "unsubscribe-link", "10.9.9.9")).toBe(false);
    expect(await consent.withdrawBySignedLink(app, "baska@example.com", url.searchParams.get("sig")!, "unsubscribe-link", "10.9.9.9")).toBe(false);
    expect(await consent.hasConsent(app, "izinli@example.com")).toBe(true);
    expect(await consent.withdrawBySignedLink(app, url.searchParams.get("e")!, url.searchParams.get("sig")!, "unsubscribe-link", "10.9.9.9")).toBe(true);
    expect(await consent.withdrawBySignedLink(app, url.searchParams.get("e")!, url.searchParams.get("sig")!, "list-unsubscribe", "10.9.9.9")).toBe(true);
    const history = await app.db.select().from(marketingConsents).where(eq(marketingConsents.recipient, "izinli@example.com"));
    // the second click records nothing new
    expect(history.map((h) => [h.status, h.source, h.ip])).toEqual([
      ["granted", "signup", "10.1.2.3"],
      ["withdrawn", "unsubscribe-link", "10.9.9.9"],
    ]);
    expect(await consent.queueMarketingMail(app, app.db, { ...mail, to: "izinli@example.com", subject: "İkinci" })).toBe(false);
  });

  it("the contact form's box records a consent only when ticked with an address; the İYS export has one row per recipient", async () => {
    await contact.send(app, { name: "Form Kişi", email: "form@example.com", findus: "instagram", news: true, message: "Merhaba" }, "10.3.3.3");
    await contact.send(app, { name: "Form İki", email: "form2@example.com", findus: "instagram", news: false, message: "Merhaba" }, "10.3.3.4");
    const { csv, rows } = await consent.iysCsv(app);
    // no field here needs quoting: a plain split reads it back
    const [head, ...lines] = csv.trim().split("\n");
    const keys = head!.split(",");
    const table: Record<string, string>[] = lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [keys[i]!, v])));
    expect(rows).toBe(2);
    expect(Object.keys(table[0]!)).toEqual([...consent.IYS_COLUMNS]);
    expect(table).toEqual([
      { type: "EPOSTA", source: "HS_WEB", recipient: "form@example.com", status: "ONAY", consentDate: "2026-11-23 10:00:00", recipientType: "BIREYSEL" },
      { type: "EPOSTA", source: "HS_WEB", recipient: "izinli@example.com", status: "RET", consentDate: "2026-11-23 10:00:00", recipientType: "BIREYSEL" },
    ]);
  });
});

/** A member with a saved card, an order placed with a gift note and a delivery phone, and its mails sent to the outbox. */
async function customerWithOrder(person: { name: string; email: string; phone: string }) {
  const now = app.clock.now();
  const [u] = await app.db.insert(users).values({ email: person.email, name: person.name, activatedAt: now, createdAt: now, updatedAt: now }).returning();
  await consent.record(app, app.db, { email: person.email, status: "granted", source: "memberarea", ip: "10.7.7.7", userId: u!.id });
  const owner = { sessionId: randomUUID(), userId: u!.id };
  const added = await basket.addItem(app, owner, { productId: 10003, quantity: 1 });
  if (!added.ok) throw new Error(added.error);
  await basket.setNote(app, owner, { notes: `Sevgiyle, ${person.name}`, link: "" });
  const b = (await basket.getBasket(app, owner)) as checkout.OpenBasket;
  const city = (await geo.listCities(app)).find((c) => c.name === "Ankara")!;
  const county = (await geo.listCounties(app, city.id)).find((c) => c.name === "Çankaya")!;
  const opts = await checkout.optionsFor(app, b, { cityId: city.id, countyId: county.id });
  if (!opts.ok) throw new Error("no options");
  const dates = shownDates(opts.options, { option: "Standart" })!;
  const form = parseDeliveryForm({
    fullName: person.name,
    address: "Kuğulu Park Sokak No 7 Daire 2",
    cityId: String(city.id),
    countyId: String(county.id),
    phone: person.phone,
    invoiceType: "Individual",
    readyDate: dates.ready.dateISO,
    estimatedDelivery: dates.estimated.dateISO,
    option: "Standart",
  });
  if (!form.success) throw new Error(JSON.stringify(form.error.issues));
  const saved = await checkout.saveDelivery(app, b, u!.id, form.data);
  if (!saved.ok) throw new Error(saved.message);
  const card = await payments.saveCardForUser(app, u!.id, person.email, { number: "5528790000000008", holder: person.name, expMonth: 12, expYear: 2030 });
  if (!card.ok) throw new Error(card.message);
  await checkout.savePayment(app, b.id, person.email, { mode: "saved", savedCardId: card.card.cardId, saveCard: false, lastFour: "0008", cardType: "Mastercard" });
  const placed = await placeOrder(app, { basket: (await basket.getBasket(app, owner)) as checkout.OpenBasket, userId: u!.id, ip: "10.7.7.7", acceptPreInfo: true, acceptContract: true });
  if (placed.status !== "succeeded") throw new Error(JSON.stringify(placed));
  await contact.send(app, { name: person.name, email: person.email, findus: "instagram", news: true, message: `Telefonum ${person.phone}` }, "10.7.7.8");
  // an SMS sent to the buyer's mobile (written by the folder provider), as when the order ships
  await sms.queueSms(app.db, { to: `90${person.phone}`, text: `Merhaba ${person.name}, siparişiniz kargoya verildi.` });
  // a marketing mail still queued when the erasure comes
  await runDueJobs(app, JOB_HANDLERS, 100);
  await consent.queueMarketingMail(app, app.db, { to: person.email, subject: "Kampanya", heading: "Kampanya", paragraphs: [`Merhaba ${person.name}`] });
  return u!.id;
}

interface Hit {
  table: string;
  column: string;
  needle: string;
}

/** Every text, varchar and json(b) column of every table in the public schema, searched for each needle (case-insensitive). */
async function searchEverything(needles: string[]): Promise<Hit[]> {
  const cols = (await app.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')
    order by table_name, column_name`)) as unknown as { rows?: { table_name: string; column_name: string }[] } | { table_name: string; column_name: string }[];
  const list = Array.isArray(cols) ? cols : (cols.rows ?? []);
  const hits: Hit[] = [];
  for (const { table_name, column_name } of list) {
    for (const needle of needles) {
      const r = (await app.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where position(lower(${needle}) in lower(${sql.identifier(column_name)}::text)) > 0`,
      )) as unknown as { rows?: { n: number }[] } | { n: number }[];
      const n = (Array.isArray(r) ? r : (r.rows ?? []))[0]?.n ?? 0;
      if (n > 0) hits.push({ table: table_name, column: column_name, needle });
    }
  }
  return hits;
}

const outboxHits = (needles: string[]) =>
  [...readdirSync(outbox).filter((f) => f.endsWith(".eml")).map((f) => join(outbox, f)), ...readdirSync(smsOutbox).map((f) => join(smsOutbox, f))]
    .flatMap((f) => {
      const text = readFileSync(f, "utf8").toLowerCase();
      return needles.filter((n) => text.includes(n.toLowerCase())).map((n) => `${f}: ${n}`);
    });

describe("KVKK erasure reaches every table and the outbox (issue 26 §4)", () => {
  it("after erasing a customer, their e-mail and phone are nowhere; their name only in the invoice fields the law keeps", async () => {
    const person = { name: "Nilüfer Silinecekoğlu", email: "nilufer.silinecek@example.com", phone: "5417770012" };
    const userId = await customerWithOrder(person);
    const needles = [person.name, person.email, person.phone];
    const before = await searchEverything(needles);
    // the person is all over the database and the outbox before
    expect(before.length).toBeGreaterThan(8);
    const outboxBefore = outboxHits(needles);
    expect(outboxBefore.length).toBeGreaterThan(0);
    // the SMS folder copy holds the number and the name too
    expect(outboxBefore.some((x) => x.startsWith(smsOutbox))).toBe(true);

    const [admin] = await app.db.insert(users).values({ email: `yonetici-${randomUUID().slice(0, 6)}@example.com`, name: "Yönetici", role: "admin", activatedAt: app.clock.now(), createdAt: app.clock.now(), updatedAt: app.clock.now() }).returning();
    const r = await management.eraseCustomer(app, { id: admin!.id, name: admin!.name, email: admin!.email, role: "admin", actor: `staff:${admin!.id}` }, userId, "KVKK başvurusu");
    expect(r.ok).toBe(true);

    const after = await searchEverything(needles);
    const report = after.map((h) => `${h.table}.${h.column}: ${h.needle}`).sort();
    console.info(`[erasure search] before: ${before.length} column/needle hits in ${new Set(before.map((h) => h.table)).size} tables (${[...new Set(before.map((h) => h.table))].join(", ")}), outbox ${new Set(outboxBefore.map((x) => x.split(":")[0])).size} files; after: ${JSON.stringify(report)}; outbox files after: ${JSON.stringify(outboxHits(needles))}`);
    // e-mail and phone: nowhere but the payment's own buyer e-mail (a financial record, decision 0004) and the
    // sandbox provider's copy (the fake payment provider's records, at iyzico in production)
    expect(after.filter((h) => h.needle !== person.name).map((h) => `${h.table}.${h.column}`)).toEqual(["payment_intents.buyer_email", "sandbox_payments.email"]);
    // the name: only the invoice fields kept for 10 years (VUK 253, TTK 82; decision 0004) — the order's
    // invoice address and the billing block of the accepted contracts — and the payment records kept as
    // financial records (card holder)
    expect(report.every((h) => /^(orders\.(address|contracts)|payment_intents\.\w+|payment_attempts\.\w+|saved_cards\.\w+|sandbox_\w+\.\w+): /.test(h)), JSON.stringify(report)).toBe(true);
    expect(outboxHits(needles)).toEqual([]);
    // the consent history stays as proof, without the address
    const consents = await app.db.select().from(marketingConsents).where(eq(marketingConsents.userId, userId));
    expect(consents.map((c) => c.status)).toEqual(["granted", "withdrawn"]);
    expect(consents.every((c) => c.recipient.startsWith("sha256:") && c.ip === null)).toBe(true);
    const [order] = await app.db.select().from(orders).where(eq(orders.userId, userId));
    expect(JSON.stringify(order!.contracts)).toContain("[KVKK: silindi]");
  });
});

describe("retention (issue 26 §4, docs/retention.md)", () => {
  it("sent mails and SMS after 30 days (with their outbox copies), done jobs after 90, contact messages after 2 years; pending mail stays", async () => {
    const now = app.clock.now().getTime();
    const ago = (days: number) => new Date(now - days * 86_400_000);
    await app.db.delete(jobs);
    const [oldMail, freshMail, pending, oldOther, oldSms, freshSms] = await app.db
      .insert(jobs)
      .values([
        { kind: "mail", payload: { to: "a@example.com" }, status: "done", doneAt: ago(31), createdAt: ago(31), runAt: ago(31) },
        { kind: "mail", payload: { to: "b@example.com" }, status: "done", doneAt: ago(29), createdAt: ago(29), runAt: ago(29) },
        { kind: "mail", payload: { to: "c@example.com" }, status: "pending", createdAt: ago(40), runAt: ago(40) },
        { kind: "loyalty.earn", payload: { orderId: 1 }, status: "done", doneAt: ago(91), createdAt: ago(91), runAt: ago(91) },
        { kind: "sms", payload: { to: "905321112233", text: "eski" }, status: "done", doneAt: ago(31), createdAt: ago(31), runAt: ago(31) },
        { kind: "sms", payload: { to: "905321112244", text: "yeni" }, status: "done", doneAt: ago(29), createdAt: ago(29), runAt: ago(29) },
      ])
      .returning();
    writeFileSync(join(outbox, `${String(oldMail!.id).padStart(8, "0")}.eml`), "x");
    utimesSync(join(outbox, `${String(oldMail!.id).padStart(8, "0")}.eml`), ago(31), ago(31));
    for (const t of [oldSms!, freshSms!]) writeFileSync(join(smsOutbox, `${String(t.id).padStart(8, "0")}.json`), "{}");
    await app.db.insert(contactMessages).values([
      { name: "Eski", email: "eski@example.com", findus: "instagram", news: false, message: "eski", ip: "", createdAt: ago(731) },
      { name: "Yeni", email: "yeni@example.com", findus: "instagram", news: false, message: "yeni", ip: "", createdAt: ago(700) },
    ]);
    const r = await retention.purge(app);
    expect(r).toMatchObject({ sentMails: 1, outboxFiles: 1, sentSms: 1, doneJobs: 1, contactMessages: 1 });
    expect((await app.db.select({ id: jobs.id }).from(jobs)).map((j) => j.id).sort()).toEqual([freshMail!.id, pending!.id, freshSms!.id].sort());
    expect(readdirSync(smsOutbox).sort()).toEqual([`${String(freshSms!.id).padStart(8, "0")}.json`]);
    expect(oldOther).toBeDefined();
    expect((await app.db.select({ name: contactMessages.name }).from(contactMessages)).map((m) => m.name)).not.toContain("Eski");
  });
});
