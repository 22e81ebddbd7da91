import type { InvoiceProvider } from "./provider";

/**
 * The default provider: nothing leaves the shop. The invoice's number, ETTN, XML and readable copy are already in
 * the database when this is called, so sending only records that the shop holds it; an operator uploads the XML to
 * GİB's e-Arşiv portal or hands it to an accountant.
 */
export function localProvider(): InvoiceProvider {
  return {
    name: "local",
    send: async (inv) => ({ ok: true, providerRef: `local:${inv.ettn}` }),
    status: async () => ({ ok: true, state: "accepted", message: "" }),
    cancel: async () => ({ ok: true }),
  };
}
