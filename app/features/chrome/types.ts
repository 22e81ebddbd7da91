import type { BasketSummaryData } from "~/shared/basket";

/** What the root loader hands to the site chrome. Plain data, safe to serialise to the browser. */
export type BasketSummary = BasketSummaryData;

export interface ChromeUser {
  name: string;
  initial: string;
}

export interface PreviousOrder {
  orderNumber: string;
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  estimatedDelivery: string | null; // 'YYYY-MM-DD'
}

export interface MenuTileData {
  pageId: number;
  parentPageId: number | null;
  size: "small" | "big" | "info" | "full";
  name: string;
  link: string | null;
  subHeader: string;
  bgColour: string;
  textColour: string;
}

export interface SiteMessage {
  text: string;
  key: string;
}
