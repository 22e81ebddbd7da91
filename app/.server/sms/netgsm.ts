import { fmt } from "~/shared/texts/tr";
import { messagingTr } from "~/shared/texts/messaging.tr";

/**
 * Netgsm's REST v2 send API, as published (netgsm.com.tr/dokuman, "SMS Gönderimi – REST v2"):
 * `POST {base}/sms/rest/v2/send` with HTTP Basic authentication (user code : password) and a JSON body
 * `{ msgheader, encoding, iysfilter, messages: [{ msg, no }] }`. The answer is JSON `{ code, description, jobid }`:
 * code "00" is accepted (jobid names the send); any other code is a refusal (20 text, 30 credentials, 40 sender
 * name, 50/51 İYS, 70 bad request, 80/85 limits).
 *
 * We send `encoding: "TR"` (Netgsm's Turkish character set: ç ğ ı İ ö ş ü arrive as written, 155 characters per
 * SMS) and `iysfilter: "0"` (an information message, not commercial: no İYS consent check — only order
 * notices go this way; marketing would need the buyer's consent and another filter).
 */
export interface NetgsmConfig {
  baseUrl: string;
  usercode: string;
  password: string;
  msgheader: string;
  timeoutMs: number;
}

/** A send that did not go through; `message` is the reason staff read. */
export class SmsFailed extends Error {}

const codeText = (code: string, description: string) =>
  (messagingTr.netgsm as Record<string, string>)[code] ?? fmt(messagingTr.netgsm.other, { code, description });

/** Sends one SMS; returns Netgsm's job id. Throws SmsFailed with the reason. */
export async function netgsmSend(cfg: NetgsmConfig, to: string, text: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${cfg.baseUrl}/sms/rest/v2/send`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${cfg.usercode}:${cfg.password}`, "utf8").toString("base64")}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify({ msgheader: cfg.msgheader, encoding: "TR", iysfilter: "0", messages: [{ msg: text, no: to }] }),
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    if (name === "TimeoutError" || name === "AbortError") throw new SmsFailed(fmt(messagingTr.netgsm.timeout, { seconds: Math.round(cfg.timeoutMs / 100) / 10 }));
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
    throw new SmsFailed(fmt(messagingTr.netgsm.unreachable, { reason: cause }));
  }
  let body: { code?: unknown; description?: unknown; jobid?: unknown };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new SmsFailed(fmt(messagingTr.netgsm.http, { status: res.status }));
  }
  const code = typeof body?.code === "string" ? body.code : "";
  if (code === "00" && typeof body.jobid === "string" && body.jobid) return body.jobid;
  if (!code) throw new SmsFailed(fmt(messagingTr.netgsm.http, { status: res.status }));
  throw new SmsFailed(codeText(code, typeof body.description === "string" ? body.description : ""));
}
