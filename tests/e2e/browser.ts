import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { createRequire } from "node:module";
import { expect, inject } from "vitest";

const AXE_VERSION = (createRequire(import.meta.url)("axe-core/package.json") as { version: string }).version;

export const CHROMIUM_PATH = "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

export interface TestPage {
  page: Page;
  /** Console errors and uncaught page errors seen so far (unfiltered). */
  errors: string[];
  /**
   * Goes to a path, waits for hydration and checks accessibility with axe; returns the HTTP status.
   * With `expectStatus` the status must be that one, and the browser's 'Failed to load resource …
   * status of N' message for it no longer counts as an error.
   */
  visit(path: string, opts?: { axe?: boolean; expectStatus?: number }): Promise<number>;
  axe(): Promise<void>;
  /** Declares that responses with these HTTP statuses are expected (their console messages are allowed). */
  allowHttpStatus(...statuses: number[]): void;
  /** Console errors that count: everything except the allowed 'Failed to load resource' messages. */
  unexpectedErrors(): string[];
  /** Fails the test when the browser logged an unexpected error. */
  assertNoErrors(): void;
  /** Asserts no unexpected browser error, then closes the browser context. */
  close(): Promise<void>;
}

const HTTP_ERROR = /^Failed to load resource: the server responded with a status of (\d{3})\b/;
const ABORTED = "Failed to load resource: net::ERR_FAILED";

/**
 * A fresh browser context (phone-sized by default; `phone` emulates a phone's viewport and touch) that records every console error; `close()`
 * fails the test when one was logged. A test that expects error statuses says so: per visit with
 * `expectStatus`, with `allowHttpStatus(…)`, or for the whole page with `allowHttpErrors` (true: any
 * 4xx/5xx; a list: those statuses). Requests the test itself aborts (`page.route(…, r => r.abort())`,
 * e.g. to run a page without JavaScript) are expected too.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  opts: { mobile?: boolean; allowHttpErrors?: boolean | number[]; phone?: { width: number; height: number } } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    locale: "tr-TR",
    timezoneId: "Europe/Istanbul",
    viewport: opts.phone ?? (opts.mobile === false ? { width: 1280, height: 900 } : { width: 390, height: 844 }),
    // `phone`: a real phone's viewport handling (a page wider than the screen widens the layout viewport, so
    // fixed notices and dialogs can end up outside the visible screen) and touch
    ...(opts.phone ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  /** console errors with the URL they are about (a failed resource names itself there) */
  const logged: { text: string; url: string }[] = [];
  const allowed = new Set<number>(Array.isArray(opts.allowHttpErrors) ? opts.allowHttpErrors : []);
  const anyHttpError = opts.allowHttpErrors === true;
  const abortedByTest = new Set<string>();
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    errors.push(m.text());
    logged.push({ text: m.text(), url: m.location().url });
  });
  page.on("pageerror", (e) => {
    errors.push(`pageerror: ${e.message}`);
    logged.push({ text: `pageerror: ${e.message}`, url: "" });
    // where and from what: an uncaught error's page and stack, for the report
    console.warn(`pageerror on ${page.url()}: ${e.stack ?? e.message}`);
  });
  // requests the test aborts on purpose through page.route(…) are not the shop's errors
  const route = page.route.bind(page);
  page.route = ((url: Parameters<Page["route"]>[0], handler: Parameters<Page["route"]>[1], o?: Parameters<Page["route"]>[2]) =>
    route(
      url,
      (r, request) => {
        const abort = r.abort.bind(r);
        r.abort = (code?: string) => {
          abortedByTest.add(request.url());
          return abort(code);
        };
        return handler(r, request);
      },
      o,
    )) as Page["route"];
  const unexpectedErrors = () =>
    logged
      .filter(({ text, url }) => {
        const status = HTTP_ERROR.exec(text)?.[1];
        if (status) return !(anyHttpError || allowed.has(Number(status)));
        if (text === ABORTED) return !abortedByTest.has(url);
        // a module the test kept from loading (no-JavaScript tests) fails its dynamic import: not the shop's error
        const module = /^pageerror: Failed to fetch dynamically imported module: (\S+)$/.exec(text)?.[1];
        if (module) return !abortedByTest.has(module);
        return true;
      })
      .map((e) => e.text);
  const t: TestPage = {
    page,
    errors,
    async visit(path, o = {}) {
      if (o.expectStatus !== undefined) allowed.add(o.expectStatus);
      // 'load' plus the hydration marker is enough (networkidle adds at least half a second to every visit)
      const res = await page.goto(path, { waitUntil: "load" });
      const status = res?.status() ?? 0;
      if (o.expectStatus !== undefined) expect(status, `HTTP status of ${path}`).toBe(o.expectStatus);
      await waitForHydration(page);
      if (o.axe !== false) await t.axe();
      return status;
    },
    async axe() {
      // a page whose signature already passed axe in this run is not analysed again (see axeSignature)
      const seen = join(inject("axeSeenDir"), await axeSignature(page));
      if (existsSync(seen)) return;
      // only violations are read: axe still runs every rule on every node and reports every violation, but builds
      // selectors for one node of the passes and inapplicable results instead of all of them (the slow tail of an
      // analysis: 3.5 → 2.0 s on a page of 300 paragraphs, with the same violations found)
      // legacy mode runs axe in the page and its same-origin frames and reads the result there; the default opens a
      // blank page per analysis to merge the frames' results, which doubled each analysis (1.1 against 2.2 s on
      // /home; the same violations found: decision 0058). The one thing it leaves out is a cross-origin frame's
      // content (the contact page's map), which is not the shop's; the <iframe> element itself is still checked.
      const result = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] }).analyze();
      const violations = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
      expect(violations.join("\n"), `axe violations on ${page.url()}`).toBe("");
      writeFileSync(seen, "");
    },
    allowHttpStatus(...statuses) {
      for (const s of statuses) allowed.add(s);
    },
    unexpectedErrors,
    assertNoErrors() {
      expect(unexpectedErrors().join("\n"), "browser console errors").toBe("");
    },
    async close() {
      try {
        t.assertNoErrors();
      } finally {
        await context.close();
      }
    },
  };
  return t;
}

/**
 * What axe's verdict on a page depends on: the viewport and the rendered document, without scripts and hidden
 * inputs (axe checks neither), `nonce`s, and with every digit made 0 (prices, counts, dates, generated ids and
 * tokens change no rule's outcome). One axe analysis costs ~1 s of the browser on a quiet two-core machine (a
 * visit ~0.3 s), and the e2e suite meets the same page in the same state many times: a signature that passed once
 * in a run (in CI, in either of its two passes: tests/e2e/axe-seen.ts) is not analysed again. Any change to the
 * document (another state, an open dialog, a message, a different width) is another signature and is analysed,
 * and so is any document under another axe-core or Chromium version.
 */
async function axeSignature(page: Page): Promise<string> {
  const versions = `axe-core ${AXE_VERSION}, ${page.context().browser()?.version() ?? "?"}`;
  const doc = await page.evaluate(() => {
    const root = document.documentElement.cloneNode(true) as HTMLElement;
    for (const el of root.querySelectorAll("script, input[type=hidden]")) el.remove();
    for (const el of root.querySelectorAll("[nonce]")) el.removeAttribute("nonce");
    return `${window.innerWidth}×${window.innerHeight}\n${root.outerHTML}`;
  });
  return createHash("sha256").update(versions).update(doc.replace(/\d/g, "0")).digest("hex");
}

/** The root component marks <html data-hydrated> once React has hydrated the page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
}
