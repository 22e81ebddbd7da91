import { describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { createLogger } from "./log";

describe("logger", () => {
  it("writes JSON and never the secrets it redacts", () => {
    let out = "";
    const sink = new Writable({ write(chunk, _enc, cb) { out += String(chunk); cb(); } });
    const log = createLogger("info", sink);
    log.info({ requestId: "r1", body: { password: "gizli-parola", cardNumber: "5528790000000008", secCode: "123" }, req: { headers: { cookie: "sid=abc", authorization: "Bearer t" } } }, "x");
    const line = JSON.parse(out.trim());
    expect(line.requestId).toBe("r1");
    expect(out).not.toMatch(/gizli-parola|5528790000000008|"123"|sid=abc|Bearer t/);
  });
});
