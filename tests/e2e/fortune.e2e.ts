import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, openPage } from "./browser";
import { startShop, type RunningShop } from "./server";

const REQUIRED = "Instagram hesap adınızı giriniz, Instagram kullanmıyorsanız istediğiniz takma ismi kullanabilirsiniz";
const WAIT = /Hey! \d+ (gün|saat|dakika) sonra tekrar gel sana yeni bir şey söyleyeceğim/;

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  // inside a seeded monthly period (3 prizes, 15 % per entry)
  [shop, browser] = await Promise.all([startShop({ shopNow: "2026-11-23T10:00:00+03:00" }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe("/fortune with JavaScript", () => {
  it("asks, shows the result, resets, and opens both accordions", async () => {
    const t = await openPage(browser, shop.url);
    expect(await t.visit("/fortune")).toBe(200);
    await t.page.getByRole("heading", { level: 1, name: "Kurabiye Falı" }).waitFor();

    // empty nickname: the spec's notice, no request
    await t.page.getByRole("button", { name: "Kurabiyeye Sor" }).click();
    await t.page.getByRole("status").getByText(REQUIRED).waitFor();

    await t.page.getByLabel(/Instagram hesap adın/).fill("@İrem");
    await Promise.all([
      t.page.waitForResponse((r) => r.url().includes("/fortune") && r.request().method() === "POST"),
      t.page.getByRole("button", { name: "Kurabiyeye Sor" }).click(),
    ]);
    const result = t.page.getByTestId("fortune-result");
    await result.waitFor();
    await expect(result.getByRole("heading", { level: 2 }).textContent()).resolves.toContain("İrem");
    await expect(result.textContent()).resolves.toMatch(WAIT);
    const won = (await t.page.getByTestId("fortune-code").count()) > 0;
    if (won) await expect(result.textContent()).resolves.toMatch(/İrem · \d+\. sıra \((asil|yedek \d+)\)/);
    else await expect(result.textContent()).resolves.toMatch(/şanslı kurabiye sana çıkmadı/);
    expect(await t.page.getByRole("link", { name: "Ana sayfaya dön" }).getAttribute("href")).toBe("/home");
    const fid = (await t.page.context().cookies()).find((c) => c.name === "fid");
    expect(fid?.httpOnly).toBe(true);
    await t.axe();

    // the same nickname, differently written, gets the same fortune
    const fortune = await result.locator("blockquote").textContent();
    await t.page.getByRole("link", { name: "Başka Biri İçin Sor" }).click();
    await t.page.getByRole("button", { name: "Kurabiyeye Sor" }).waitFor();
    expect(await t.page.getByTestId("fortune-result").count()).toBe(0);
    await t.page.getByLabel(/Instagram hesap adın/).fill("irem");
    await t.page.getByRole("button", { name: "Kurabiyeye Sor" }).click();
    await expect(t.page.getByTestId("fortune-result").locator("blockquote").textContent()).resolves.toBe(fortune);

    // winner guide and the two accordions
    await t.page.getByText("Kazandım şimdi ne yapmalıyım?").click();
    await t.page.getByText(/ödül kodunu doğrudan mesaj/).waitFor();
    await Promise.all([
      t.page.waitForResponse((r) => r.url().includes("kazananlar") && r.ok()),
      t.page.getByText("Kazananlar Listesi").click(),
    ]);
    await t.page.getByText("Bu dönemin ödül sayısı: 3").waitFor();
    if (won) await t.page.getByRole("cell", { name: "İrem" }).waitFor();
    else await t.page.getByText("Kazananlar belli oldukça burada listelenecek.").waitFor();
    await t.page.getByText("Şartlar & Kurallar").click();
    await t.page.getByText(/72 saat boyunca aynı kalır/).waitFor();
    await t.page.getByText(/kapıda ödemeli/).waitFor();
    await t.axe();
    t.assertNoErrors();
    await t.close();
  });
});

describe("/fortune when the connection drops", () => {
  it("shows the spec's failure notices for 5 s instead of the error page", async () => {
    const t = await openPage(browser, shop.url);
    await t.visit("/fortune");
    const fid = (await t.page.context().cookies()).find((c) => c.name === "fid");
    expect(fid?.httpOnly).toBe(true); // the page hands out the device cookie before the first ask

    let fail: "ask" | "game" | null = "ask";
    await t.page.route(/\/fortune\.data/, (route, request) => {
      const isGame = new URL(request.url()).searchParams.has("kazananlar");
      if ((fail === "ask" && request.method() === "POST") || (fail === "game" && isGame)) return route.abort();
      return route.continue();
    });

    // the ask never reaches the server
    await t.page.getByLabel(/Instagram hesap adın/).fill("kopukbağlantı");
    await t.page.getByRole("button", { name: "Kurabiyeye Sor" }).click();
    const askNotice = t.page.getByRole("status").getByText("Sistemsel hata oluştu, daha sonra tekrar deneyiniz", { exact: true });
    await askNotice.waitFor();
    const shownAt = Date.now();
    // still the page with its form (not the error boundary), and no result
    await t.page.getByRole("heading", { level: 1, name: "Kurabiye Falı" }).waitFor();
    await expect(t.page.getByRole("button", { name: "Kurabiyeye Sor" }).isEnabled()).resolves.toBe(true);
    await expect(t.page.getByRole("alert").count()).resolves.toBe(0);
    await expect(t.page.getByTestId("fortune-result").count()).resolves.toBe(0);
    await t.page.waitForTimeout(4_000);
    await expect(askNotice.isVisible()).resolves.toBe(true);
    await askNotice.waitFor({ state: "detached", timeout: 4_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_500);

    // the winners list never reaches the server
    fail = "game";
    await t.page.getByText("Kazananlar Listesi").click();
    const gameNotice = t.page
      .getByRole("status")
      .getByText("Sistemsel hata sebebiyle kazananlar listelenemiyor, lütfen daha sonra tekrar deneyiniz.", { exact: true });
    await gameNotice.waitFor();
    await t.page.getByRole("heading", { level: 1, name: "Kurabiye Falı" }).waitFor();
    await gameNotice.waitFor({ state: "detached", timeout: 7_000 });

    // once the connection is back both work again
    fail = null;
    await t.page.getByRole("button", { name: "Kurabiyeye Sor" }).click();
    await t.page.getByTestId("fortune-result").waitFor();
    await t.page.getByText("Kazananlar Listesi").click(); // close
    await Promise.all([t.page.waitForResponse((r) => r.url().includes("kazananlar") && r.ok()), t.page.getByText("Kazananlar Listesi").click()]);
    await t.page.getByText("Bu dönemin ödül sayısı: 3").waitFor();
    expect(t.errors.filter((e) => !e.startsWith("Failed to load resource: net::ERR_FAILED"))).toEqual([]);
    await t.close();
  });
});

describe("/fortune without JavaScript", () => {
  it("the plain form posts and renders the result; the winners list opens by link", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: shop.url, locale: "tr-TR" });
    const page = await context.newPage();
    await page.goto("/fortune");
    await page.getByRole("button", { name: "Kurabiyeye Sor" }).click();
    await page.getByText(REQUIRED).waitFor();
    await page.getByLabel(/Instagram hesap adın/).fill("js_yok");
    await page.getByRole("button", { name: "Kurabiyeye Sor" }).click();
    await page.getByTestId("fortune-result").waitFor();
    await expect(page.getByTestId("fortune-result").textContent()).resolves.toMatch(WAIT);
    await page.getByRole("link", { name: "Başka Biri İçin Sor" }).click();
    await page.getByRole("button", { name: "Kurabiyeye Sor" }).waitFor();
    await page.goto("/fortune?kazananlar=1");
    await page.getByText("Bu dönemin ödül sayısı: 3").waitFor();
    await context.close();
  });
});

describe("games JSON endpoints (app channel)", () => {
  it("POST /games/getFortune with {nick} and GET /games/getGame answer the spec's shapes", async () => {
    const r = await fetch(`${shop.url}/games/getFortune`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ nick: "@Uygulama" }),
    });
    expect(r.status).toBe(200);
    const body = (await r.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["message", "minutesToNextFortune", "obj"]);
    expect(body.minutesToNextFortune).toBe(4320);
    expect(Object.keys(body.obj as object).sort()).toEqual(["code", "goForBonus", "place", "text"]);

    const empty = await fetch(`${shop.url}/games/getFortune`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ nick: " " }),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: REQUIRED });

    const g = await fetch(`${shop.url}/games/getGame`);
    expect(g.status).toBe(200);
    const game = (await g.json()) as { obj: { prizeCount: number; info: string; list: unknown[] } };
    expect(game.obj.prizeCount).toBe(3);
    expect(typeof game.obj.info).toBe("string");
    expect(Array.isArray(game.obj.list)).toBe(true);
  });
});

describe("/fortune win, reserve and 'Tekrar Dene' (a staff-made period where every entry wins while slots last)", () => {
  let later: RunningShop;
  beforeAll(async () => {
    later = await startShop({ shopNow: "2035-03-10T12:00:00+03:00" });
    const add = await later.site(
      "fortune", "period-add", "--start", "2035-03-01T00:00+03:00", "--end", "2035-04-01T00:00+03:00",
      "--prizes", "Büyük Kutu", "--reserve", "1", "--chance", "10000", "--info", "Mart dönemi: bir büyük kutu",
    );
    expect(add.code, add.out).toBe(0);
    const follower = await later.site("fortune", "follower", "@Takipçi", "on");
    expect(follower.code, follower.out).toBe(0);
  });
  afterAll(() => later?.stop());

  it("shows the win box with code and place, then a reserve, then a follower's extra chances", async () => {
    const t = await openPage(browser, later.url);
    await t.visit("/fortune");
    const ask = async (nick: string) => {
      await t.page.getByLabel(/Instagram hesap adın/).fill(nick);
      await t.page.getByRole("button", { name: "Kurabiyeye Sor" }).click();
      await t.page.getByTestId("fortune-result").waitFor();
    };

    // empty winners list: prize count, info and the note
    await Promise.all([t.page.waitForResponse((r) => r.url().includes("kazananlar")), t.page.getByText("Kazananlar Listesi").click()]);
    await t.page.getByText("Bu dönemin ödül sayısı: 1").waitFor();
    await t.page.getByText("Mart dönemi: bir büyük kutu").waitFor();
    await t.page.getByText("Kazananlar belli oldukça burada listelenecek.").waitFor();

    await ask("@Şanslı");
    const box = t.page.getByRole("group", { name: "Tebrikler, kazandın!" });
    await box.waitFor();
    await expect(box.textContent()).resolves.toContain("Büyük Kutu");
    await expect(t.page.getByTestId("fortune-code").textContent()).resolves.toMatch(/^[A-Z2-9]{8}$/);
    await expect(box.textContent()).resolves.toContain("Şanslı · 1. sıra (asil)");
    await expect(box.textContent()).resolves.toContain("11 Mart 2035 12:00");
    await t.axe();

    await t.page.getByRole("link", { name: "Başka Biri İçin Sor" }).click();
    await ask("yedekçi");
    await expect(box.textContent()).resolves.toContain("yedekçi · 2. sıra (yedek 1)");

    await t.page.getByRole("link", { name: "Başka Biri İçin Sor" }).click();
    await ask("takipçi");
    await t.page.getByText(/şanslı kurabiye sana çıkmadı/).waitFor();
    const again = t.page.getByRole("button", { name: "Tekrar Dene" });
    const posted = () => t.page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/fortune") && r.request().method() === "POST");
    for (let i = 0; i < 2; i++) {
      await Promise.all([posted(), again.click()]);
      await t.page.getByTestId("fortune-result").waitFor();
    }
    await again.waitFor({ state: "detached" });

    // the winners list now has both, labelled
    await t.page.getByText("Kazananlar Listesi").click();
    await t.page.getByText("Kazananlar Listesi").click();
    const rows = t.page.getByRole("row");
    await rows.filter({ hasText: "yedekçi" }).waitFor();
    await expect(rows.filter({ hasText: "Şanslı" }).textContent()).resolves.toMatch(/1\s*Şanslı\s*asil/);
    await expect(rows.filter({ hasText: "yedekçi" }).textContent()).resolves.toMatch(/2\s*yedekçi\s*yedek 1/);
    t.assertNoErrors();

    // the winner's nickname is public: another browser asking with it sees the place, not the code
    const other = await openPage(browser, later.url);
    await other.visit("/fortune");
    await other.page.getByLabel(/Instagram hesap adın/).fill("şanslı");
    await other.page.getByRole("button", { name: "Kurabiyeye Sor" }).click();
    await other.page.getByTestId("fortune-result").waitFor();
    await other.page.getByText(/Ödül kodu yalnızca kazanılan cihazda gösterilir/).waitFor();
    await expect(other.page.getByTestId("fortune-code").count()).resolves.toBe(0);
    other.assertNoErrors();
    await other.close();
    // the winning browser still sees its code
    await t.page.getByRole("link", { name: "Başka Biri İçin Sor" }).click();
    await ask("Şanslı");
    await expect(t.page.getByTestId("fortune-code").textContent()).resolves.toMatch(/^[A-Z2-9]{8}$/);
    await t.close();
  });
});
