import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { XMLParser } from "fast-xml-parser";

/**
 * An in-repo stand-in for Nilvera's e-Arşiv REST API (see nilvera.ts for the contract it follows): Bearer API key,
 * POST /earchive/Send/Xml, GET /earchive/Invoices/{UUID}/Status, PUT /earchive/Invoices/{UUID}/Cancel, Nilvera's
 * error body { Errors: [{ Code, Description, Detail }] }. It parses the XML it is given and refuses what GİB's
 * schematron would (not an e-Arşiv profile, a number that is not 16 characters, an ETTN that is not a UUID). Tests
 * can make it slow or fail the next calls.
 */
export interface FakeNilvera {
  url: string;
  apiKey: string;
  invoices: Map<string, { number: string; status: "succeed" | "cancel"; xml: string }>;
  /** Calls received, in order: 'POST /earchive/Send/Xml' … */
  calls: string[];
  /** Answer the next calls with this HTTP status (one entry per call). */
  failNext(...statuses: number[]): void;
  /** Delay every answer this long (a slow provider). */
  delayMs: number;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeNilvera(apiKey = "fake-nilvera-key"): Promise<FakeNilvera> {
  const invoices: FakeNilvera["invoices"] = new Map();
  const calls: string[] = [];
  const failures: number[] = [];
  const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
  const state = { delayMs: 0 };
  const server: Server = createServer((req, res) => {
    // one connection per request: a kept-alive one could be reused by the client just as this server closes it idle
    // (ECONNRESET, "fetch failed": seen on a busy CI machine), which a real provider would only cost a retry
    res.setHeader("Connection", "close");
    void (async () => {
      const send = (status: number, json?: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(json === undefined ? "" : JSON.stringify(json));
      };
      const error = (status: number, code: number, description: string, detail = "") => send(status, { Errors: [{ Code: code, Description: description, Detail: detail }] });
      const path = new URL(req.url ?? "/", "http://x").pathname;
      calls.push(`${req.method} ${path}`);
      const text = await body(req);
      const authorised = req.headers.authorization === `Bearer ${apiKey}`;
      // a forced failure is the next request's to arrive: a slow one that arrived earlier (its caller long timed
      // out) must not take it when its delay ends
      const forced = authorised ? failures.shift() : undefined;
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (!authorised) return error(401, 401, "Yetkisiz erişim", "API anahtarı geçersiz");
      if (forced) return error(forced, forced, "Geçici hata");
      if (req.method === "POST" && path === "/earchive/Send/Xml") {
        let xml = "";
        try {
          xml = String((JSON.parse(text) as { XmlContent?: unknown }).XmlContent ?? "");
        } catch {
          return error(400, 400, "Geçersiz istek gövdesi");
        }
        let inv: Record<string, unknown> | undefined;
        try {
          inv = (parser.parse(xml) as { Invoice?: Record<string, unknown> }).Invoice;
        } catch {
          inv = undefined;
        }
        if (!inv) return error(422, 1001, "XML okunamadı");
        const id = String(inv.ID ?? "");
        const uuid = String(inv.UUID ?? "");
        if (inv.ProfileID !== "EARSIVFATURA") return error(422, 1002, "Senaryo EARSIVFATURA olmalıdır", String(inv.ProfileID));
        if (!/^[A-Z0-9]{3}\d{13}$/.test(id)) return error(422, 1003, "Fatura numarası 16 karakter olmalıdır", id);
        if (!UUID.test(uuid)) return error(422, 1004, "ETTN geçersiz", uuid);
        if (invoices.has(uuid)) return error(409, 409, "Bu ETTN ile fatura zaten var", uuid);
        invoices.set(uuid, { number: id, status: "succeed", xml });
        return send(200, { UUID: uuid, InvoiceNumber: id });
      }
      const m = /^\/earchive\/Invoices\/([^/]+)\/(Status|Cancel)$/.exec(path);
      if (m) {
        const inv = invoices.get(decodeURIComponent(m[1]!));
        if (!inv) return error(404, 404, "Fatura bulunamadı");
        if (m[2] === "Status" && req.method === "GET") return send(200, { InvoiceStatus: { Code: inv.status, Description: inv.status === "cancel" ? "İptal edildi" : "Başarılı" } });
        if (m[2] === "Cancel" && req.method === "PUT") {
          inv.status = "cancel";
          return send(200);
        }
      }
      return error(404, 404, "Bulunamadı");
    })();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    invoices,
    calls,
    failNext: (...s) => failures.push(...s),
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
