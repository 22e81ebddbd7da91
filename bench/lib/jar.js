// The smallest cookie jar a benchmark needs: name=value pairs from Set-Cookie, sent back as one Cookie header.
export class CookieJar {
  #cookies = new Map();

  /** Takes the Set-Cookie headers of a fetch Response (an expired cookie is dropped). */
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const i = pair.indexOf("=");
      if (i < 1) continue;
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return response;
  }

  get(name) {
    return this.#cookies.get(name);
  }

  header() {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
