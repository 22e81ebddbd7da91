/** Mail's SQL: the payload a rider's insert stores (its jobs' rows are the queue's: jobs/service). */
import { sql, type SQL } from "drizzle-orm";

/**
 * A job's payload as SQL: the JSON text `json` with each hole replaced by its value (SQL `replace`, applied in the
 * order given), as jsonb. Each value goes in as it is (no escaping).
 */
export function filledPayloadSql(json: string, fills: readonly (readonly [hole: string, value: SQL])[]): SQL {
  let payload = sql`${json}::text`;
  for (const [hole, value] of fills) payload = sql`replace(${payload}, ${hole}, (${value})::text)`;
  return sql`(${payload})::jsonb`;
}
