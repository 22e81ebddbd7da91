import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import * as contact from "./service";
import { contactSchema, newSendKey, sendKeyFromForm } from "~/shared/contact";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const input = contactSchema.parse({ name: "Ayşe Yılmaz", email: "Ayse@Example.com", findus: "instagram", news: false, message: "Kurumsal sipariş için bilgi almak istiyorum." });

describe("contact messages", () => {
  it("stores the message and queues one notification mail in the same transaction", async () => {
    const r = await contact.send(app, input, "10.0.0.1");
    expect(r.ok).toBe(true);
    const [saved] = await contact.latest(app, 1);
    expect(saved).toMatchObject({ name: "Ayşe Yılmaz", email: "ayse@example.com", findus: "instagram", news: false, ip: "10.0.0.1" });
    const jobs = (await app.db.execute(sql`select payload from jobs where kind = 'mail'`)) as unknown as { rows: { payload: { to: string; subject: string; text: string } }[] };
    const mail = jobs.rows.at(-1)!.payload;
    expect(mail.to).toBe(app.config.contactEmail);
    expect(mail.subject).toBe("İletişim formu: Ayşe Yılmaz");
    expect(mail.text).toContain("Kurumsal sipariş için bilgi almak istiyorum.");
    expect(mail.text).toContain("Instagram");
  });

  it("limits messages per IP; other IPs are not affected", async () => {
    for (let i = 0; i < contact.CONTACT_LIMIT[0]; i++) expect((await contact.send(app, input, "10.0.0.2")).ok).toBe(true);
    const blocked = await contact.send(app, input, "10.0.0.2");
    expect(blocked.ok).toBe(false);
    if (!blocked.ok) expect(blocked.limited.retryAfterSeconds).toBeGreaterThan(0);
    expect((await contact.send(app, input, "10.0.0.3")).ok).toBe(true);
    app.clock.advance(contact.CONTACT_LIMIT[1] * 1000);
    expect((await contact.send(app, input, "10.0.0.2")).ok).toBe(true);
  });

  describe("a form's send key (decision 0057)", () => {
    const counts = async () => {
      const r = (await app.db.execute(sql`select (select count(*) from contact_messages)::int as messages, (select count(*) from jobs where kind = 'mail')::int as mails, (select count(*) from marketing_consents)::int as consents`)) as unknown as { rows: { messages: number; mails: number; consents: number }[] };
      return r.rows[0]!;
    };

    it("a second send of one form is the same message: one row, one mail, one consent, the same id", async () => {
      const key = newSendKey();
      const withNews = { ...input, news: true, message: "Aynı form iki kez gönderildi." };
      const before = await counts();
      const first = await contact.send(app, withNews, "10.0.1.1", key);
      const second = await contact.send(app, withNews, "10.0.1.1", key);
      expect(first.ok && second.ok).toBe(true);
      if (first.ok && second.ok) expect(second.id).toBe(first.id);
      const after = await counts();
      expect(after.messages - before.messages).toBe(1);
      expect(after.mails - before.mails).toBe(1);
      expect(after.consents - before.consents).toBe(1);
    });

    it("two sends of one form at once store it once; other keys and sends without a key are each their own", async () => {
      const key = newSendKey();
      const before = await counts();
      const both = await Promise.all([contact.send(app, input, "10.0.1.2", key), contact.send(app, input, "10.0.1.3", key)]);
      expect(both.every((r) => r.ok)).toBe(true);
      if (both[0].ok && both[1].ok) expect(both[1].id).toBe(both[0].id);
      expect((await counts()).messages - before.messages).toBe(1);
      await contact.send(app, input, "10.0.1.4", newSendKey());
      await contact.send(app, input, "10.0.1.4", null);
      await contact.send(app, input, "10.0.1.4", null);
      const after = await counts();
      expect(after.messages - before.messages).toBe(4);
      expect(after.mails - before.mails).toBe(4);
    });

    it("past the limit, a second send of a form already received still answers as the first; a new one is refused", async () => {
      const key = newSendKey();
      for (let i = 0; i < contact.CONTACT_LIMIT[0] - 1; i++) await contact.send(app, input, "10.0.1.5");
      const first = await contact.send(app, input, "10.0.1.5", key);
      const again = await contact.send(app, input, "10.0.1.5", key);
      expect(first.ok && again.ok).toBe(true);
      if (first.ok && again.ok) expect(again.id).toBe(first.id);
      expect((await contact.send(app, input, "10.0.1.5", newSendKey())).ok).toBe(false);
    });

    it("reads a key only in the browser's form: 32 hex digits", () => {
      const form = (v: string) => {
        const f = new FormData();
        f.set("sendKey", v);
        return f;
      };
      const key = newSendKey();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(newSendKey()).not.toBe(key);
      expect(sendKeyFromForm(form(key))).toBe(key);
      expect(sendKeyFromForm(form(""))).toBeNull();
      expect(sendKeyFromForm(form(key.toUpperCase()))).toBeNull();
      expect(sendKeyFromForm(form(key + "0"))).toBeNull();
      expect(sendKeyFromForm(new FormData())).toBeNull();
    });
  });
});
