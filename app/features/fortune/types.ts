import type { FortuneResult, GameInfo } from "~/shared/fortune";

/** What the /fortune action answers the page. */
export type AskView =
  | { ok: true; result: FortuneResult; nick: string; prizeCount: number; claimBy: string | null }
  | { ok: false; error: string };

export type GameView = GameInfo["obj"];
