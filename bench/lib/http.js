// Plain HTTP for the benches, where `fetch` would get in the way (it decodes brotli and gzip bodies).
import { request } from "node:http";

/** The Accept-Encoding Chrome sends: pages and files then come as brotli, as to a real phone. */
export const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

/** GET `url` with `headers`: status, headers and the body as sent (still encoded). */
export function rawGet(url, headers = BROWSER) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const parts = [];
      res.on("data", (c) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
    })
      .on("error", reject)
      .end();
  });
}
