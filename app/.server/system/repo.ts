/** The system module's SQL: secrets generated on first start. */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { appSecrets } from "../db/schema/system";

/** Stores the secret unless one with this name exists (a concurrent first start wins quietly). */
export async function insertSecretIfAbsent(db: DbOrTx, name: string, value: string): Promise<void> {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
}

export async function findSecret(db: DbOrTx, name: string): Promise<string | undefined> {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value;
}
