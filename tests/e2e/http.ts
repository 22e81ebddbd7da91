/**
 * A browser-like HTTP client for tests without a browser: one cookie jar, same-origin headers on posts and the
 * session's CSRF token in every form. Redirects are not followed (tests look at them).
 */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
}

export class Http {
  readonly cookies = new Map<string, string>();
  csrf = "";

  constructor(
    readonly base: string,
    visitor?: { cookie: string; csrf: string },
    /** The fetch to use (the deployment test passes one that trusts its throw-away certificate). */
    private readonly fetch: typeof globalThis.fetch = globalThis.fetch,
  ) {
    if (visitor) {
      this.setCookieHeader(visitor.cookie);
      this.csrf = visitor.csrf;
    }
  }

  setCookieHeader(header: string) {
    for (const part of header.split(";")) {
      const i = part.indexOf("=");
      if (i > 0) this.cookies.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
    }
  }

  private cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {};
  }

  private async answer(r: Response): Promise<HttpAnswer> {
    for (const line of r.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: r.status, headers: r.headers, text: await r.text(), location: r.headers.get("location") };
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.answer(await this.fetch(this.base + path, { redirect: "manual", headers: { ...this.cookieHeader(), ...headers } }));
  }

  /** A form post as the page's own form sends it (with `_csrf` unless `fields` has one). */
  async post(path: string, fields: Record<string, string> | [string, string][], headers: Record<string, string> = {}): Promise<HttpAnswer> {
    const body = new URLSearchParams(fields);
    if (!body.has("_csrf") && this.csrf) body.set("_csrf", this.csrf);
    return this.answer(
      await this.fetch(this.base + path, {
        method: "POST",
        redirect: "manual",
        headers: { ...this.cookieHeader(), origin: this.base, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded", ...headers },
        body,
      }),
    );
  }

  async postJson(path: string, json: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.answer(
      await this.fetch(this.base + path, {
        method: "POST",
        redirect: "manual",
        headers: { ...this.cookieHeader(), origin: this.base, "sec-fetch-site": "same-origin", "content-type": "application/json", ...headers },
        body: typeof json === "string" ? json : JSON.stringify(json),
      }),
    );
  }
}
