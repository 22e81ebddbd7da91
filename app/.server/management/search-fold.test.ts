import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import { users } from "../db/schema/accounts";
import * as accounts from "../accounts/service";
import * as contact from "../contact/service";

/**
 * Staff searches fold case the way people mean it (issue 22): Turkish names and texts with the Turkish locale
 * ('Işık' = 'ışık', 'İstanbul' = 'istanbul'), e-mail addresses as identifiers (I, İ, ı, i alike). Real database.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  const now = app.clock.now();
  await app.db.insert(users).values([
    { email: "ayse.isik@ornek.com.tr", name: "Ayşe IŞIK", activatedAt: now, createdAt: now, updatedAt: now },
    { email: "irmak@ornek.com.tr", name: "Irmak Yıldız", activatedAt: now, createdAt: now, updatedAt: now },
  ]);
  const sent = await contact.send(app, { name: "Cem İnce", email: "cem@ornek.com.tr", findus: "instagram", news: false, message: "İstanbul'a aynı gün teslimat var mı?" }, "10.9.0.1");
  if (!sent.ok) throw new Error("contact message not stored");
});
afterAll(() => app?.close());

const names = async (q: string) => (await accounts.searchCustomers(app, q, 1, 20)).rows.map((r) => r.name);
const senders = async (q: string) => (await contact.inbox(app, { state: "", q, page: 1, pageSize: 20 })).rows.map((r) => r.name);

describe("staff search folding", () => {
  it("customers: 'ışık', 'Işık' and 'IŞIK' find 'Ayşe IŞIK'; 'irmak' does not find 'Irmak' (Turkish I is ı)", async () => {
    for (const q of ["ışık", "Işık", "IŞIK", "ayşe ı"]) expect(await names(q), q).toEqual(["Ayşe IŞIK"]);
    expect(await names("ırmak")).toEqual(["Irmak Yıldız"]);
    expect(await names("irmak yıl")).toEqual([]);
  });
  it("customers by e-mail: an identifier, so 'IRMAK@' and 'İrmak@' find irmak@…", async () => {
    for (const q of ["IRMAK@", "İrmak@", "irmak@ORNEK"]) expect(await names(q), q).toEqual(["Irmak Yıldız"]);
  });
  it("contact inbox: 'istanbul' finds 'İstanbul' in a message, 'cem İNCE' finds 'Cem İnce'", async () => {
    expect(await senders("istanbul")).toEqual(["Cem İnce"]);
    expect(await senders("İSTANBUL")).toEqual(["Cem İnce"]);
    expect(await senders("cem İNCE")).toEqual(["Cem İnce"]);
  });
});
