import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import * as contact from "./service";
import { contactSchema } from "~/shared/contact";

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
});
