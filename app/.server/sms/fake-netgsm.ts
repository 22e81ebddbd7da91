import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/**
 * A local HTTP server, started by tests, that answers like Netgsm's REST v2 send API
 * (`POST /sms/rest/v2/send`, see netgsm.ts): it checks the Basic credentials (30), the registered sender name
 * (40), the body's shape and each number (70), the text and its length for the chosen encoding (20), and
 * answers `{ code: "00", jobid, description: "queued" }` for a good request. Refusals are answered with HTTP 406
 * and the code in the JSON body. Tests can make the next answer hang (a timeout), be an HTML 502 from a
 * proxy, or carry a given code. Test support only: never used by the app.
 */
export interface FakeNetgsm {
  url: string;
  usercode: string;
  password: string;
  msgheader: string;
  /** Every accepted SMS: number, text, encoding and the job id given. */
  sent: { no: string; msg: string; encoding: string; iysfilter: string; jobid: string }[];
  /** Every request, accepted or not. */
  requests: number;
  /** The next request is answered with this Netgsm code (e.g. "80"). */
  failNextWith(code: string): void;
  /** The next request gets no answer until the server closes (the client must time out). */
  hangNext(): void;
  /** The next request is answered by "a proxy" with HTTP 502 and an HTML page. */
  badGatewayNext(): void;
  close(): Promise<void>;
}

/** One SMS in Netgsm's Turkish encoding holds 155 characters; six parts at most. */
const MAX_TR_CHARS = 6 * 150;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startFakeNetgsm(opts: { usercode?: string; password?: string; msgheader?: string } = {}): Promise<FakeNetgsm> {
  const usercode = opts.usercode ?? "8502220000";
  const password = opts.password ?? "gizli-Şifre-1";
  const msgheader = opts.msgheader ?? "KURABIYE";
  const sent: FakeNetgsm["sent"] = [];
  let next: { kind: "code"; code: string } | { kind: "hang" } | { kind: "502" } | null = null;
  const hanging = new Set<ServerResponse>();
  const fake = { requests: 0 };

  const answer = (res: ServerResponse, status: number, body: Record<string, string>) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, code: string, description: string) => answer(res, 406, { code, description });

  const server: Server = createServer((req, res) => {
    // one connection per request: a kept-alive one could be reused by the client just as this server closes it idle
    // (ECONNRESET, "fetch failed": seen on a busy CI machine), which a real provider would only cost a retry
    res.setHeader("Connection", "close");
    void (async () => {
      fake.requests++;
      const raw = await readBody(req);
      if (req.method !== "POST" || req.url !== "/sms/rest/v2/send") return answer(res, 404, { code: "70", description: "not found" });
      const n = next;
      next = null;
      if (n?.kind === "hang") return void hanging.add(res);
      if (n?.kind === "502") {
        res.writeHead(502, { "content-type": "text/html" });
        return void res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
      }
      if (n?.kind === "code") return refuse(res, n.code, "simulated");
      const auth = req.headers.authorization ?? "";
      const expected = `Basic ${Buffer.from(`${usercode}:${password}`, "utf8").toString("base64")}`;
      if (auth !== expected) return refuse(res, "30", "Geçersiz kullanıcı adı, şifre veya kullanıcınızın API erişim izni yok.");
      let body: { msgheader?: unknown; encoding?: unknown; iysfilter?: unknown; messages?: unknown };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return refuse(res, "70", "Hatalı sorgulama.");
      }
      if (body.msgheader !== msgheader) return refuse(res, "40", "Mesaj başlığınızın (gönderici adınızın) sistemde tanımlı olmadığını ifade eder.");
      const messages = body.messages;
      if (!Array.isArray(messages) || messages.length === 0) return refuse(res, "70", "Hatalı sorgulama.");
      const encoding = typeof body.encoding === "string" ? body.encoding : "";
      for (const m of messages as { msg?: unknown; no?: unknown }[]) {
        if (typeof m.no !== "string" || !/^(90|0)?5\d{9}$/.test(m.no)) return refuse(res, "70", "Hatalı sorgulama.");
        if (typeof m.msg !== "string" || m.msg.trim() === "" || [...m.msg].length > MAX_TR_CHARS) return refuse(res, "20", "Mesaj metninde ki problemden dolayı gönderilemediğini veya standart maksimum mesaj karakter sayısını geçtiğini ifade eder.");
      }
      const jobid = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 1_000_000_000));
      for (const m of messages as { msg: string; no: string }[]) {
        sent.push({ no: m.no, msg: m.msg, encoding, iysfilter: typeof body.iysfilter === "string" ? body.iysfilter : "", jobid });
      }
      answer(res, 200, { code: "00", jobid, description: "queued" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    usercode,
    password,
    msgheader,
    sent,
    get requests() {
      return fake.requests;
    },
    failNextWith: (code) => void (next = { kind: "code", code }),
    hangNext: () => void (next = { kind: "hang" }),
    badGatewayNext: () => void (next = { kind: "502" }),
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
