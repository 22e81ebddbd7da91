import type { NoticeKind } from "~/shared/notice-durations";

export type BasketIntent =
  | "add"
  | "update"
  | "delete"
  | "clear"
  | "clear-ask"
  | "checkout"
  | "promo-apply"
  | "promo-remove"
  | "points-use"
  | "points-remove";

/** What the basket action answers: the notice to show (already in Turkish) and, for forms, the field at fault. */
export interface BasketActionResult {
  ok: boolean;
  intent: BasketIntent;
  text?: string;
  kind?: NoticeKind;
  field?: "notes" | "link";
  confirmClear?: boolean;
}
