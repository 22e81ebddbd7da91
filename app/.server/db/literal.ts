import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * `column = 'value'` with the value written into the statement's text instead of sent as a parameter: for a code
 * constant that a partial index names (`status = 'held'`, `status = 'open'`). PostgreSQL plans a named statement
 * once (a generic plan, kept for the connection) only when that plan is as cheap as one made for the parameters'
 * values. With the constant sent as a parameter, the generic plan cannot use the partial index, so the statement
 * was planned again at every call (decision 0059). Only a constant of the code: lower-case letters and '_'.
 */
export function eqConst<C extends AnyColumn>(column: C, value: C["_"]["data"] & string): SQL {
  if (!/^[a-z_]+$/.test(value)) throw new Error(`eqConst: not a code constant: ${JSON.stringify(value)}`);
  return sql`${column} = ${sql.raw(`'${value}'`)}`;
}
