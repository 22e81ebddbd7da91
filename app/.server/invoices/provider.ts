/**
 * The e-Arşiv provider, as the shop sees it (issue 26 §2; modelled on payments/gateway.ts). The shop numbers the
 * invoice and builds its UBL-TR XML itself; a provider takes the finished XML, signs it with the seller's financial
 * seal, reports it to GİB and can cancel it. Two implementations: `local.ts` (the default: the shop keeps the XML
 * and the readable copy in its database, for development and for shops that upload to GİB's portal by hand) and
 * `nilvera.ts` (a GİB-authorised special integrator's REST API). Every call is idempotent per ETTN.
 */
export interface OutgoingInvoice {
  number: string;
  /** ETTN */
  ettn: string;
  kind: "SATIS" | "IADE";
  xml: string;
}

export interface ProviderFailure {
  ok: false;
  code: string;
  message: string;
  /** true: worth retrying (network error, timeout, 5xx, 429); false: the provider refused the document. */
  retry: boolean;
}

export type ProviderResult<T> = ({ ok: true } & T) | ProviderFailure;

export type ProviderState = "accepted" | "processing" | "failed" | "cancelled" | "unknown";

export interface InvoiceProvider {
  readonly name: "local" | "nilvera";
  /** Hands the invoice over; sending the same ETTN again is not a second invoice. */
  send(invoice: OutgoingInvoice): Promise<ProviderResult<{ providerRef: string }>>;
  /** Where the provider is with it (signed and reported to GİB = accepted). */
  status(ettn: string): Promise<ProviderResult<{ state: ProviderState; message: string }>>;
  /** Cancels (iptal) an e-Arşiv invoice the provider holds. */
  cancel(ettn: string): Promise<ProviderResult<object>>;
}
