import type { Amounts } from "./amounts";
import type { BoxType } from "./catalog";
import type { Kurus } from "./money";

/** The basket as the browser sees it (SPEC §3 Basket, Basket item). Prices are the server's, read at every load. */
export interface BasketItemView {
  /** The basket item's id (SPEC 'ID' / itemId). */
  id: number;
  productId: number;
  name: string;
  thumbName: string;
  packageContent: string;
  variant: string;
  variantName: string | null;
  boxType: string;
  box: BoxType | null;
  quantity: number;
  itemPrice: Kurus;
  originalPrice: Kurus;
  lineTotal: Kurus;
  /** VAT rate in basis points at this moment (copied to the order line). */
  taxRateBp: number;
  /** false when the product is no longer sold; such lines do not count in the amounts. */
  available: boolean;
  /** Units still in stock when fewer than the line's quantity (null: enough). */
  stockLeft: number | null;
}

export interface BasketPromo {
  id: number;
  code: string;
  /** false while the basket is below the code's minimum. */
  applies: boolean;
  minBasket: Kurus;
}

export interface BasketView {
  /** null until the visitor first adds something. */
  id: number | null;
  items: BasketItemView[];
  /** Amounts without delivery (delivery is added at checkout). */
  amounts: Amounts;
  notes: string;
  link: string;
  promo: BasketPromo | null;
  /** Members only: spendable points and the amount chosen (kuruş). */
  points: { available: Kurus; requested: Kurus } | null;
}

/** Per product in the basket: what the list's minus/plus counter changes. */
export interface BasketLine {
  itemId: number;
  productId: number;
  quantity: number;
}

/** What the header and the product lists need on every page. */
export interface BasketSummaryData {
  totalItem: number;
  needToPay: Kurus;
  lines: BasketLine[];
}
