import type { Db } from "../db/client";
import { hedef81 } from "~/shared/texts/content.tr";
import * as repo from "./repo";

/** The 38 cities HEDEF81 had reached when its page was last updated (25 March 2018). */
export async function seedCampaigns(db: Db): Promise<void> {
  const at = new Date("2018-03-25T12:00:00+03:00");
  await repo.insertReachedMany(
    db,
    hedef81.cities.map(([cityId]) => ({ cityId, reachedAt: at })),
  );
}
