import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../db/testing";
import { createLogger } from "../log";
import { runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import type { AppContext } from "../context";
import * as payments from "./service";
import { payWithNewCard, settled, TEST_BUYER } from "./testing";

/**
 * Issue 9 §7: orders paid with every test card, then the whole database, the log output and the outbox mails
 * are searched for the card numbers and security codes. Zero matches.
 */
const CARDS = [
  "5528790000000008",
  "5890040000000016",
  "4766620000000001",
  "374427000000003",
  "9792030000000000",
  "4111111111111129",
  "4129111111111111",
  "4124111111111116",
  "4151111111111112",
  "4242424242424242",
];
// security codes that appear nowhere else in the data (amounts, ids and times avoid them)
const CVC = { normal: "739", amex: "5863" };

let base: TestApp;
let app: AppContext;
let outbox: string;
const logLines: string[] = [];

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), "payments-outbox-"));
  base = await createTestApp({ env: { MAIL_OUTBOX_DIR: outbox } });
  // every log line at the most verbose level is captured
  app = { ...base, log: createLogger("trace", { write: (s: string) => void logLines.push(s) }) };
});
afterAll(async () => {
  await base.close();
  rmSync(outbox, { recursive: true, force: true });
});

async function dumpDatabase(): Promise<string> {
  const res = (await app.db.execute(
    sql`select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  )) as unknown as { rows: { table_schema: string; table_name: string }[] };
  const parts: string[] = [];
  for (const t of res.rows) {
    const rows = (await app.db.execute(sql.raw(`select * from "${t.table_schema}"."${t.table_name}"`))) as unknown as { rows: unknown[] };
    parts.push(`${t.table_schema}.${t.table_name}\n${JSON.stringify(rows.rows)}`);
  }
  return parts.join("\n");
}

function occurrences(haystack: string): string[] {
  const found: string[] = [];
  for (const pan of CARDS) {
    if (haystack.includes(pan)) found.push(pan);
    // nor the number without its last four (BIN and last four are stored apart, never together)
    if (haystack.includes(pan.slice(0, -4))) found.push(`${pan.slice(0, -4)}…`);
  }
  for (const cvc of Object.values(CVC)) {
    if (new RegExp(`(?<![\\w.])${cvc}(?!\\w)`).test(haystack)) found.push(`cvc ${cvc}`);
  }
  return found;
}

describe("no card data anywhere", () => {
  it("pays, saves, refunds with every test card, then finds no number or code in the database, logs or mails", async () => {
    let n = 0;
    for (const number of CARDS) {
      const cvc = number.startsWith("37") ? CVC.amex : CVC.normal;
      const card = { number, holder: "Ayşe Yılmaz", expMonth: 12, expYear: 2030, cvc };
      const orderRef = `NCD-${++n}`;
      const { start, result } = await payWithNewCard(app, { orderRef, amount: 4_200 + n, card, saveCard: true, userId: 500 + n, buyer: { ...TEST_BUYER, email: `b${n}@example.com` } });
      expect(["challenge", "failed"]).toContain(start.status);
      if (result?.status === "succeeded") {
        // a partial refund and a saved-card payment for each card that worked
        expect(await payments.refund(app, { paymentId: result.paymentId, amount: 1_000, reason: "Kısmi iade", requestedBy: "staff:1" })).toMatchObject({ ok: true });
        const [saved] = await payments.listSavedCards(app, 500 + n);
        expect(saved).toBeDefined();
        expect((await settled(app, await payments.startPayment(app, { orderRef: `${orderRef}-2`, amount: 1_500 + n, buyer: TEST_BUYER, savedCardId: saved!.cardId, userId: 500 + n }))).status).toBe("succeeded");
      }
    }
    // a number failing Luhn and a card stored outside a payment
    await payments.startPayment(app, { orderRef: "NCD-luhn", amount: 999, buyer: TEST_BUYER, card: { number: "5528790000000009", holder: "X", expMonth: 1, expYear: 2030, cvc: CVC.normal } });
    await payments.saveCardForUser(app, 900, "s@example.com", { number: "4766620000000001", holder: "S", expMonth: 1, expYear: 2031 });
    await payments.binLookup(app, "552879");
    while ((await runDueJobs(app, JOB_HANDLERS)) > 0);

    const mails = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
    expect(mails.length).toBeGreaterThanOrEqual(6); // refund mails went out
    const mailText = mails.map((f) => readFileSync(join(outbox, f), "utf8")).join("\n");
    const dump = await dumpDatabase();
    const logs = logLines.join("");

    expect(dump).toContain("payment_attempts");
    expect(dump).toContain("552879"); // the BIN is kept: the search is not blind
    expect(logs).toContain("payment attempt");
    expect(occurrences(dump), "database").toEqual([]);
    expect(occurrences(logs), "log output").toEqual([]);
    expect(occurrences(mailText), "outbox mails").toEqual([]);
    // the search itself finds a number when one is there
    expect(occurrences(`x ${CARDS[0]} y ${CVC.normal} z`)).toEqual([CARDS[0], `${CARDS[0]!.slice(0, -4)}…`, `cvc ${CVC.normal}`]);
  });
});
