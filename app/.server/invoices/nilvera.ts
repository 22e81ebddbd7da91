import type { InvoiceProvider, ProviderFailure, ProviderResult, ProviderState } from "./provider";

/**
 * Nilvera, a GİB-authorised special integrator (özel entegratör), through its REST API (developer.nilvera.com):
 * base `https://api.nilvera.com` (test: `https://apitest.nilvera.com`), `Authorization: Bearer <API key>`, JSON.
 *
 * - send:   POST /earchive/Send/Xml  { XmlContent } → 200 { UUID, InvoiceNumber }; the shop numbers the invoice
 *           itself, so the XML carries its 16-character number and ETTN. The same UUID again → 409 (already held:
 *           treated as sent, so a retry after a lost answer is not a second invoice).
 * - status: GET  /earchive/Invoices/{UUID}/Status → { InvoiceStatus: { Code, Description } }
 *           (Code: succeed | waiting | error | cancel).
 * - cancel: PUT  /earchive/Invoices/{UUID}/Cancel → 200.
 * - errors: 400/422 { Errors: [{ Code, Description, Detail }] } (the document is refused: not retried by the
 *           provider call, the job keeps it visible), 401/403 (the API key), 404, 429 and 5xx (retried later).
 *
 * The in-repo fake (fake-nilvera.ts) follows this contract; `nilvera.test.ts` runs the provider against it.
 */
export interface NilveraOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

interface NilveraError {
  Errors?: { Code?: string | number; Description?: string; Detail?: string }[];
  Message?: string;
}

export function nilveraProvider(o: NilveraOptions): InvoiceProvider {
  const base = o.baseUrl.replace(/\/$/, "");
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown } | ProviderFailure> {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${o.apiKey}`, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = { Message: text.slice(0, 200) };
      }
      return { status: res.status, json };
    } catch (err) {
      const timeout = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      return { ok: false, code: timeout ? "timeout" : "network", message: err instanceof Error ? err.message : String(err), retry: true };
    }
  }
  function failure(status: number, json: unknown): ProviderFailure {
    const e = (json ?? {}) as NilveraError;
    const first = e.Errors?.[0];
    const message = [first?.Description, first?.Detail, e.Message].filter(Boolean).join(" — ") || `HTTP ${status}`;
    const code = first?.Code !== undefined ? String(first.Code) : `http-${status}`;
    return { ok: false, code, message, retry: status === 429 || status >= 500 };
  }
  const isFailure = (r: unknown): r is ProviderFailure => (r as ProviderFailure).ok === false;

  return {
    name: "nilvera",
    async send(inv): Promise<ProviderResult<{ providerRef: string }>> {
      const r = await call("POST", "/earchive/Send/Xml", { XmlContent: inv.xml });
      if (isFailure(r)) return r;
      if (r.status === 409) return { ok: true, providerRef: inv.ettn };
      if (r.status !== 200 && r.status !== 201) return failure(r.status, r.json);
      const uuid = (r.json as { UUID?: string } | null)?.UUID;
      return { ok: true, providerRef: uuid || inv.ettn };
    },
    async status(ettn): Promise<ProviderResult<{ state: ProviderState; message: string }>> {
      const r = await call("GET", `/earchive/Invoices/${encodeURIComponent(ettn)}/Status`);
      if (isFailure(r)) return r;
      if (r.status !== 200) return failure(r.status, r.json);
      const s = (r.json as { InvoiceStatus?: { Code?: string; Description?: string } } | null)?.InvoiceStatus;
      const map: Record<string, ProviderState> = { succeed: "accepted", waiting: "processing", error: "failed", cancel: "cancelled" };
      return { ok: true, state: map[s?.Code ?? ""] ?? "unknown", message: s?.Description ?? "" };
    },
    async cancel(ettn): Promise<ProviderResult<object>> {
      const r = await call("PUT", `/earchive/Invoices/${encodeURIComponent(ettn)}/Cancel`);
      if (isFailure(r)) return r;
      if (r.status !== 200 && r.status !== 204) return failure(r.status, r.json);
      return { ok: true };
    },
  };
}
