import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import { createTestApp, type TestApp } from "../db/testing";
import { jobs } from "../db/schema/system";
import { runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import * as accounts from "../accounts/service";
import { MAIL_JOB, queueMail, sendMailJob } from "./service";

/**
 * Mail over real SMTP (issue 5 §8): an `smtp-server` started here receives what the worker sends with
 * SMTP_URL set; the message is read back with mailparser. Also the crash between 'sent' and 'done'.
 */
let server: SMTPServer;
let app: TestApp;
const received: ParsedMail[] = [];
let refuseNext = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refuseNext > 0) {
          refuseNext--;
          const err = Object.assign(new Error("Geçici hata, sonra tekrar deneyin"), { responseCode: 451 });
          return callback(err);
        }
        simpleParser(Buffer.concat(chunks))
          .then((m) => {
            received.push(m);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "https://shop.test" } });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function mailJobs() {
  return app.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
}

describe("mail over SMTP", () => {
  it("an activation mail goes through a real SMTP server: Turkish subject, HTML and text, brand, stable Message-ID", async () => {
    await accounts.register(app, { email: "smtp.uye@ornek.com.tr", password: "Kurabiye-Sever-42", name: "Şule Öztürk", ip: "203.0.113.9" });
    expect(received).toHaveLength(0); // queued, not sent, until the worker runs
    await runDueJobs(app, JOB_HANDLERS);
    expect(received).toHaveLength(1);
    const m = received[0]!;
    expect(m.subject).toBe("Üyeliğinizi etkinleştirin");
    expect(m.to && !Array.isArray(m.to) ? m.to.text : "").toBe("smtp.uye@ornek.com.tr");
    expect(m.from?.text).toContain("Kurabiye Atölyesi");
    expect(typeof m.html).toBe("string");
    expect(m.html as string).toContain("Kurabiye Atölyesi");
    expect(m.html as string).toContain("Hoş geldiniz, Şule Öztürk!");
    expect(m.html as string).toContain("https://shop.test/activation/");
    expect(m.text).toContain("Hoş geldiniz, Şule Öztürk!");
    expect(m.text).toMatch(/https:\/\/shop\.test\/activation\/[\w-]{43,}/);
    const [job] = (await mailJobs()).filter((j) => (j.payload as { to: string }).to === "smtp.uye@ornek.com.tr");
    expect(m.messageId).toBe(`<mail-${job!.id}@shop.test>`);
    expect(job).toMatchObject({ status: "done" });
    expect((job!.payload as { sentAt?: string }).sentAt).toBeTruthy();
  });

  it("the 'sent' mark is written with the job's end, in one statement; a job already marked sent is completed without sending again", async () => {
    await queueMail(app.db, { to: "cokme@ornek.com.tr", subject: "Siparişiniz yola çıktı", heading: "Merhaba", paragraphs: ["Kurabiyeleriniz kargoda."] });
    const [job] = (await mailJobs()).filter((j) => (j.payload as { to: string }).to === "cokme@ornek.com.tr");
    const before = received.length;
    // the handler sends and answers the mark; it writes nothing itself (the worker's 'done' statement carries it)
    const done = await sendMailJob(app, job!.payload, { id: job!.id, attempts: 1 });
    expect(received.length).toBe(before + 1);
    expect(done).toEqual({ progress: { sentAt: expect.any(String) } });
    const [row] = await app.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(row).toMatchObject({ status: "pending", payload: expect.not.objectContaining({ sentAt: expect.anything() }) });
    // a job still pending with the mark (left by a crash of a worker that wrote the mark on its own, before this
    // change): the worker only completes it
    await app.db.update(jobs).set({ payload: { ...(row!.payload as object), ...done!.progress } }).where(eq(jobs.id, job!.id));
    await runDueJobs(app, JOB_HANDLERS);
    expect(received.length).toBe(before + 1);
    const [after] = await app.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(after!.status).toBe("done");
  });

  it("a mail the SMTP server refused is retried and then delivered exactly once", async () => {
    await queueMail(app.db, { to: "tekrar@ornek.com.tr", subject: "Şifre sıfırlama bağlantınız", heading: "Merhaba", paragraphs: ["Bağlantı"] });
    const before = received.length;
    refuseNext = 1;
    await runDueJobs(app, JOB_HANDLERS);
    expect(received.length).toBe(before);
    const [job] = (await mailJobs()).filter((j) => (j.payload as { to: string }).to === "tekrar@ornek.com.tr");
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job!.lastError).toMatch(/451|Geçici/);
    expect((job!.payload as { sentAt?: string }).sentAt).toBeUndefined();
    app.clock.advance(60_000); // past the backoff
    await runDueJobs(app, JOB_HANDLERS);
    await runDueJobs(app, JOB_HANDLERS);
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)!.subject).toBe("Şifre sıfırlama bağlantınız");
  });
});
