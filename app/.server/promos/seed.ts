import type { Db } from "../db/client";
import { promoCodes } from "../db/schema/promos";

const AT = new Date("2026-01-01T00:00:00+03:00");

/** Demo promotion codes (README lists them); inserting twice changes nothing. */
export async function seedPromos(db: Db): Promise<void> {
  const rows: (typeof promoCodes.$inferInsert)[] = [
    { code: "HOSGELDIN10", description: "Herkese %10 indirim", kind: "percent", percentBp: 1000, createdAt: AT },
    { code: "UYE50", description: "Üyelere 300 TL üzeri 50 TL indirim", kind: "fixed", amount: 5000, minBasket: 30000, audience: "members", perCustomer: 1, createdAt: AT },
    { code: "TEKSEFER", description: "Tek kullanımlık %15 indirim", kind: "percent", percentBp: 1500, maxUses: 1, createdAt: AT },
    { code: "YAZ2025", description: "Süresi dolmuş kampanya", kind: "percent", percentBp: 2000, endsAt: new Date("2025-09-01T00:00:00+03:00"), createdAt: AT },
  ];
  await db.insert(promoCodes).values(rows).onConflictDoNothing();
}
