/**
 * Child process of invoice-numbering-crash.test.ts: opens the test database, begins a transaction, takes the next
 * invoice number with the shop's own repo function (the counter row stays locked), prints it and waits to be
 * killed with SIGKILL before it commits.
 */
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { takeSequence } from "../../app/.server/invoices/repo";

const [url, series, year] = process.argv.slice(2) as [string, string, string];
const pool = new pg.Pool({ connectionString: url, max: 1 });
const db = drizzle(pool);
await db.transaction(async (tx) => {
  const seq = await takeSequence(tx, series, Number(year));
  process.stdout.write(`taken ${seq}\n`);
  await new Promise<never>(() => {});
});
