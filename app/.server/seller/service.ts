import { loadConfig, type Config } from "../config";
import type { SellerIdentity } from "~/shared/seller";

export type { SellerIdentity } from "~/shared/seller";
export { publicSeller, sellerAddress, type PublicSeller } from "~/shared/seller";

/**
 * The seller's identity (issue 26 §1): one configuration (SELLER_* variables, validated by config.ts; decision
 * 0032) for the footer, the contracts, invoices and mails. boot() installs the running shop's identity; before
 * that (a unit test, a script) the process environment's is used.
 */
let installed: SellerIdentity | undefined;

export function installSellerIdentity(config: Pick<Config, "seller">): void {
  installed = config.seller;
}

export function getSellerIdentity(): SellerIdentity {
  return (installed ??= loadConfig().seller);
}
