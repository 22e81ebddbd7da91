import { TIMING } from "./constants";

export type NoticeKind = "error" | "success" | "info" | "promoError" | "membership" | "game";

/** Display time of a notice (SPEC §8, §9). */
export function noticeDuration(kind: NoticeKind): number {
  switch (kind) {
    case "error":
      return TIMING.noticeErrorMs;
    case "promoError":
      return TIMING.noticePromoErrorMs;
    case "membership":
      return TIMING.noticeMembershipMs;
    case "game":
      return TIMING.noticeGameMs;
    default:
      return TIMING.noticeDefaultMs;
  }
}
