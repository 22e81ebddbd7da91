import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelMemberOrder, cancelOrder } from "../flows/cancel-order";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, type TestApp } from "../db/testing";
import { runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import { readOutbox, type OutboxMail } from "../mail/outbox";
import { eq } from "drizzle-orm";
import { orders as ordersTable } from "../db/schema/orders";
import * as catalog from "../catalog/service";
import * as loyalty from "../loyalty/service";
import * as orders from "../orders/service";
import * as payments from "../payments/service";
import * as promos from "../promos/service";
import { payWithNewCard, TEST_BUYER } from "../payments/testing";
import { previousOrderLines } from "~/shared/previous-order";
import { istanbulDate } from "~/shared/clock";
import * as accounts from "./service";
import { accountTr } from "~/shared/texts/account.tr";
import { csrfOk } from "./sessions";
import { action as apiSignInAction } from "~/routes/api.auth.signin";
import { action as dismissAction } from "~/routes/site-dismiss";

let app: TestApp;
let outbox: string;
let seen = 0;

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), "accounts-outbox-"));
  app = await createTestApp({ env: { MAIL_OUTBOX_DIR: outbox, PUBLIC_URL: "https://shop.test" } });
});
afterAll(async () => {
  await app.close();
  rmSync(outbox, { recursive: true, force: true });
});

/** Mails sent since the last call. */
async function newMails(): Promise<OutboxMail[]> {
  await runDueJobs(app, JOB_HANDLERS);
  const all = await readOutbox(outbox);
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}

function codeFrom(mail: OutboxMail, path: "activation" | "resetpass"): string {
  const m = new RegExp(`https://shop\\.test/${path}/([\\w-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[1]!;
}

/** A tiny cookie jar: one browser. */
class Browser {
  cookies = new Map<string, string>();
  request(path = "/", init: { method?: string; headers?: Record<string, string> } = {}): Request {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return new Request(`https://shop.test${path}`, { method: init.method ?? "GET", headers: { ...(cookie ? { cookie } : {}), ...init.headers } });
  }
  take(headers: Headers) {
    for (const c of headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, ...v] = pair!.split("=");
      const value = v.join("=");
      if (/max-age=0/i.test(c) || value === "") this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
  }
}

/** POST /api/auth/signin through the route module, as the app channel calls it. */
async function apiSignIn(body: unknown, from = "203.0.113.70"): Promise<Response> {
  const request = new Request("https://shop.test/api/auth/signin", {
    method: "POST",
    headers: { "content-type": "application/json", channel: "App" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return apiSignInAction({ request, context: { app, clientIp: from, requestId: "test", nonce: "" }, params: {} } as unknown as Parameters<typeof apiSignInAction>[0]);
}

const ip = "203.0.113.7";
let n = 0;
const fresh = (prefix = "uye") => `${prefix}${++n}@ornek.com.tr`;
const PASSWORD = "Kurabiye-Sever-42";

async function registeredAndActivated(email = fresh()) {
  await accounts.register(app, { email, password: PASSWORD, name: "Ayşe Yılmaz", ip });
  // this address's activation mail (a job of an earlier test, e.g. a refund mail, may land in the outbox too)
  const mail = (await newMails()).find((m) => m.to.includes(email) && m.text.includes("/activation/"));
  if (!mail) throw new Error(`no activation mail to ${email}`);
  const r = await accounts.activate(app, codeFrom(mail, "activation"));
  if (!r.ok) throw new Error(r.error);
  await newMails();
  return email;
}

describe("registration and activation", () => {
  it("register → activation mail → 20013 before activation → activate (welcome mail) → sign in", async () => {
    const email = fresh();
    const r = await accounts.register(app, { email, password: PASSWORD, name: "Ayşe Yılmaz", ip });
    expect(r).toEqual({ ok: true, message: "Kayıt başarıyla tamamlandı, lütfen aktivasyon için posta kutunuzu kontrol edin" });
    const [mail, ...rest] = await newMails();
    expect(rest).toHaveLength(0);
    expect(mail!.to).toContain(email);
    expect(mail!.subject).toBe("Üyeliğinizi etkinleştirin");
    expect(mail!.html).toContain("Kurabiye Atölyesi");
    expect(mail!.html).toContain("Hoş geldiniz, Ayşe Yılmaz!");
    const code = codeFrom(mail!, "activation");
    expect(code.length).toBeGreaterThanOrEqual(43); // 256 random bits

    const b = new Browser();
    const early = await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip });
    expect(early).toMatchObject({ ok: false, errorCode: 20013, email });

    const act = await accounts.activate(app, code);
    expect(act).toMatchObject({ ok: true, message: "Aktivasyon başarıyla tamamlandı, teşekkürler!" });
    const [welcome] = await newMails();
    expect(welcome!.subject).toBe("Aramıza hoş geldiniz");

    const s = await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    b.take(s.headers);
    const session = await accounts.getSession(app, b.request());
    expect(session.user).toMatchObject({ email, name: "Ayşe Yılmaz", initial: "A", role: "customer" });
  });

  it("an activation code works once; a wrong code is refused", async () => {
    const email = fresh();
    await accounts.register(app, { email, password: PASSWORD, name: "Can", ip });
    const code = codeFrom((await newMails())[0]!, "activation");
    expect((await accounts.activate(app, code)).ok).toBe(true);
    await newMails();
    expect(await accounts.activate(app, code)).toMatchObject({ ok: false, error: "Bu aktivasyon kodu daha önce kullanılmış." });
    expect(await accounts.activate(app, "x".repeat(43))).toMatchObject({ ok: false, error: "Aktivasyon kodu geçersiz." });
    expect(await accounts.activate(app, "kisa")).toMatchObject({ ok: false, error: "Aktivasyon kodu geçersiz." });
    // a pasted link works like the code
    const email2 = fresh();
    await accounts.register(app, { email: email2, password: PASSWORD, name: "Can", ip });
    const code2 = codeFrom((await newMails())[0]!, "activation");
    expect((await accounts.activate(app, `https://shop.test/activation/${code2}`)).ok).toBe(true);
    await newMails();
  });

  it("an activation code expires after 48 hours; the error names the e-mail, and resend sends a working code", async () => {
    const email = fresh();
    await accounts.register(app, { email, password: PASSWORD, name: "Deniz", ip });
    const code = codeFrom((await newMails())[0]!, "activation");
    app.clock.advance(48 * 3_600_000 + 1000);
    expect(await accounts.activate(app, code)).toMatchObject({
      ok: false,
      error: "Aktivasyon kodunun süresi dolmuş. Yeni bir kod isteyebilirsiniz.",
      email,
    });
    expect(await accounts.resendActivation(app, { email, ip })).toEqual({ ok: true, message: "Yeni aktivasyon kodu gönderildi" });
    const [again] = await newMails();
    expect((await accounts.activate(app, codeFrom(again!, "activation"))).ok).toBe(true);
    await newMails();
  });

  it("registering a taken e-mail gives the same answer, mails the owner, and changes nothing", async () => {
    const email = await registeredAndActivated();
    const r = await accounts.register(app, { email: email.toUpperCase(), password: "Baska-Bir-Sifre-9", name: "Saldırgan", ip });
    expect(r).toEqual({ ok: true, message: "Kayıt başarıyla tamamlandı, lütfen aktivasyon için posta kutunuzu kontrol edin" });
    const [mail, ...rest] = await newMails();
    expect(rest).toHaveLength(0);
    expect(mail!.to).toContain(email);
    expect(mail!.subject).toBe("Üyelik başvurunuz hakkında");
    expect(mail!.text).toContain("https://shop.test/auth/reset");
    const b = new Browser();
    expect((await accounts.signIn(app, b.request(), { email, password: "Baska-Bir-Sifre-9", ip })).ok).toBe(false);
    expect((await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip })).ok).toBe(true);
    expect((await accounts.findUserByEmail(app, email))?.name).toBe("Ayşe Yılmaz");
  });

  it("resend for an unknown or active account answers the same and sends nothing", async () => {
    const active = await registeredAndActivated();
    expect(await accounts.resendActivation(app, { email: "kimse@ornek.com.tr", ip })).toEqual({ ok: true, message: "Yeni aktivasyon kodu gönderildi" });
    expect(await accounts.resendActivation(app, { email: active, ip })).toEqual({ ok: true, message: "Yeni aktivasyon kodu gönderildi" });
    expect(await newMails()).toHaveLength(0);
  });

  it("e-mails compare case-insensitively, Turkish-safe: İ, I, ı and i are one letter", async () => {
    await registeredAndActivated("ilker.isik@ornek.com.tr");
    const b = new Browser();
    for (const spelling of ["İLKER.IŞIK@ORNEK.COM.TR", "Ilker.Isik@Ornek.Com.Tr", "ılker.ısık@ornek.com.tr".replace("ş", "s")]) {
      const r = await accounts.signIn(app, b.request(), { email: spelling.replace("Ş", "S"), password: PASSWORD, ip });
      expect(r.ok, spelling).toBe(true);
    }
  });
});

describe("sign-in", () => {
  it("a wrong password and an unknown e-mail get the same answer", async () => {
    const email = await registeredAndActivated();
    const b = new Browser();
    const wrong = await accounts.signIn(app, b.request(), { email, password: "Yanlis-Sifre-1", ip });
    const unknown = await accounts.signIn(app, b.request(), { email: "yok@ornek.com.tr", password: "Yanlis-Sifre-1", ip });
    expect(wrong).toEqual({ ok: false, error: "Giriş yapılamadı", status: 401 });
    expect(unknown).toEqual(wrong);
  });

  it("a stranger's wrong passwords hold back only the stranger: the owner still signs in from elsewhere (issue 23 §1)", async () => {
    const email = await registeredAndActivated();
    const b = new Browser();
    const stranger = "198.51.100.60";
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await accounts.signIn(app, b.request(), { email, password: "Yanlis-Sifre-1", ip: stranger }));
    expect(results.slice(0, 10).every((r) => !r.ok && r.status === 401)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, status: 429, error: "Çok fazla istek gönderdiniz, lütfen biraz bekleyip tekrar deneyin." });
    // the stranger is held back even with the right password (it is checked only after the limit)
    expect(await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip: stranger })).toMatchObject({ status: 429 });
    // the owner, on another client, signs in on the web and on the app channel
    expect((await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip: "198.51.100.61" })).ok).toBe(true);
    expect((await apiSignIn({ email, password: PASSWORD }, "198.51.100.62")).status).toBe(200);
    app.clock.advance(15 * 60_000);
    expect((await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip: stranger })).ok).toBe(true);
  });

  it("successful sign-ins are not counted", async () => {
    const email = await registeredAndActivated();
    const from = "198.51.100.63";
    for (let i = 0; i < 2 * accounts.SIGN_IN_LIMITS.client.limit; i++) {
      expect((await accounts.signIn(app, new Browser().request(), { email, password: PASSWORD, ip: from })).ok, `sign-in ${i + 1}`).toBe(true);
    }
  }, 60_000);

  it("failed sign-ins are counted per client across accounts (30 in 15 minutes), on the web and the app channel alike", async () => {
    const email = await registeredAndActivated();
    const attacker = "198.51.100.250";
    const b = new Browser();
    const tries = [];
    for (let i = 0; i < 50; i++) tries.push(await accounts.signIn(app, b.request(), { email: `tahmin${i}@ornek.com.tr`, password: "Yanlis-Sifre-1", ip: attacker }));
    expect(tries.slice(0, 30).every((r) => !r.ok && r.status === 401)).toBe(true);
    // 50 wrong passwords across 50 accounts are stopped after the 30th
    expect(tries.slice(30).every((r) => !r.ok && r.status === 429)).toBe(true);
    expect(await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip: attacker })).toMatchObject({ ok: false, status: 429, error: "Çok fazla istek gönderdiniz, lütfen biraz bekleyip tekrar deneyin." });
    const api = await apiSignIn({ email, password: PASSWORD }, attacker);
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
    // another address is not affected
    expect((await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip: "198.51.100.251" })).ok).toBe(true);
    app.clock.advance(15 * 60_000);
    expect((await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip: attacker })).ok).toBe(true);
  }, 60_000);

  it("many clients guessing one account: past 100 failures an hour the failing clients wait, a client that has not failed signs in", async () => {
    const email = await registeredAndActivated();
    const limit = accounts.SIGN_IN_LIMITS.account.limit;
    for (let i = 0; i < limit; i++) {
      expect((await accounts.signIn(app, new Browser().request(), { email, password: "Yanlis-Sifre-1", ip: `10.23.${i >> 8}.${i & 255}` })) as { status?: number }).toMatchObject({ status: 401 });
    }
    expect(await accounts.signIn(app, new Browser().request(), { email, password: PASSWORD, ip: "10.23.0.5" })).toMatchObject({ status: 429 });
    expect((await accounts.signIn(app, new Browser().request(), { email, password: PASSWORD, ip: "10.24.0.1" })).ok).toBe(true);
    app.clock.advance(3_600_000);
  }, 120_000);

  it("a stranger's reset requests do not stop the owner's reset mail; the answer is the same for everyone (issue 23 §1)", async () => {
    const email = await registeredAndActivated();
    const stranger = "192.0.2.90";
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await accounts.requestPasswordReset(app, { email, ip: stranger }));
    const sent = { ok: true, message: accountTr.forgot.sent };
    expect(answers.every((r) => JSON.stringify(r) === JSON.stringify(sent))).toBe(true);
    // three mails for the stranger's requests, then none, without saying so
    expect((await newMails()).filter((m) => m.to.includes(email))).toHaveLength(accounts.MAIL_LIMITS.accountClient.limit);
    expect(await accounts.requestPasswordReset(app, { email, ip: "192.0.2.91" })).toEqual(sent);
    const own = (await newMails()).filter((m) => m.to.includes(email));
    expect(own).toHaveLength(1);
    expect(own[0]!.text).toContain("/resetpass/");
    // past the account's cap (10 an hour from all clients) nobody gets one, the owner included, and no one is told
    for (let i = 0; i < 10; i++) expect(await accounts.requestPasswordReset(app, { email, ip: `192.0.2.${100 + i}` })).toEqual(sent);
    expect((await newMails()).filter((m) => m.to.includes(email))).toHaveLength(accounts.MAIL_LIMITS.account.limit - 4);
    app.clock.advance(3_600_000);
    expect(await accounts.requestPasswordReset(app, { email, ip: "192.0.2.91" })).toEqual(sent);
    expect((await newMails()).filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("registration is rate-limited per IP across e-mails (10 an hour)", async () => {
    const from = "192.0.2.150";
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await accounts.register(app, { email: fresh("kayit"), password: PASSWORD, name: "Toplu Kayıt", ip: from }));
    expect(results.slice(0, 10).every((r) => r.ok)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, status: 429, error: "Çok fazla istek gönderdiniz, lütfen biraz bekleyip tekrar deneyin." });
    expect(await newMails()).toHaveLength(10); // the refused one sends nothing
    expect((await accounts.register(app, { email: fresh("kayit"), password: PASSWORD, name: "Başka Yer", ip: "192.0.2.151" })).ok).toBe(true);
    await newMails();
    app.clock.advance(3_600_000);
    expect((await accounts.register(app, { email: fresh("kayit"), password: PASSWORD, name: "Toplu Kayıt", ip: from })).ok).toBe(true);
    await newMails();
  });

  it("registration and activation resend: per client 429, per account the same answer without more mails", async () => {
    const email = fresh();
    const reg = [];
    for (let i = 0; i < 6; i++) reg.push(await accounts.register(app, { email, password: PASSWORD, name: "Ece", ip: "192.0.2.1" }));
    expect(reg.every((r) => r.ok)).toBe(true);
    // the new account's activation mail, then at most three more for this client's repeats
    expect((await newMails()).filter((m) => m.to.includes(email))).toHaveLength(1 + accounts.MAIL_LIMITS.accountClient.limit);
    const resend = [];
    for (let i = 0; i < 5; i++) resend.push(await accounts.resendActivation(app, { email, ip: "192.0.2.2" }));
    expect(resend.every((r) => r.ok)).toBe(true);
    expect((await newMails()).filter((m) => m.to.includes(email))).toHaveLength(accounts.MAIL_LIMITS.accountClient.limit);
    // the owner's own request from elsewhere still gets a mail
    expect((await accounts.resendActivation(app, { email, ip: "192.0.2.3" })).ok).toBe(true);
    expect((await newMails()).filter((m) => m.to.includes(email))).toHaveLength(1);
    const perIp = [];
    for (let i = 0; i < 11; i++) perIp.push(await accounts.requestPasswordReset(app, { email: `ip${i}@ornek.com.tr`, ip: "192.0.2.200" }));
    expect(perIp.filter((r) => !r.ok)).toHaveLength(1);
    expect(perIp.at(-1)).toMatchObject({ status: 429 });
    const resendLimited = [];
    for (let i = 0; i < 11; i++) resendLimited.push(await accounts.resendActivation(app, { email: `rs${i}@ornek.com.tr`, ip: "192.0.2.201" }));
    expect(resendLimited.at(-1)).toMatchObject({ ok: false, error: "Aktivasyon kodu gönderilemedi. Lütfen tekrar deneyin." });
    await newMails();
    app.clock.advance(3_600_000);
  });
});

describe("sessions", () => {
  it("a guest session keeps its id (the visitor key) through sign-in but gets a new token", async () => {
    const email = await registeredAndActivated();
    const b = new Browser();
    const guest = await accounts.ensureSession(app, b.request());
    b.take(guest.headers);
    const before = new Map(b.cookies);
    const again = await accounts.ensureSession(app, b.request());
    expect(again.session.sessionId).toBe(guest.session.sessionId);
    expect(again.headers.getSetCookie()).toHaveLength(0);

    const hooked: { userId: number; sessionId: string }[] = [];
    accounts.registerSignInHook("test", async (_app, e) => void hooked.push(e));
    const s = await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip });
    accounts.registerSignInHook("test", async () => {});
    if (!s.ok) throw new Error(s.error);
    expect(s.sessionId).toBe(guest.session.sessionId);
    expect(hooked).toEqual([{ userId: s.user.id, sessionId: guest.session.sessionId }]);
    b.take(s.headers);
    expect(b.cookies.get("sid")).not.toBe(before.get("sid"));
    expect(b.cookies.get("ku")).toBe(encodeURIComponent(email));

    // the token from before sign-in is worthless now
    const old = new Browser();
    old.cookies = before;
    expect((await accounts.getSession(app, old.request())).sessionId).toBeNull();
    const now = await accounts.getSession(app, b.request());
    expect(now.user?.email).toBe(email);
    expect(now.csrfToken).not.toBe(guest.session.csrfToken);
  });

  it("cookies are httpOnly and SameSite=Lax", async () => {
    const b = new Browser();
    const g = await accounts.ensureSession(app, b.request());
    const [cookie] = g.headers.getSetCookie();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
  });

  it("sign-out deletes the session on the server", async () => {
    const email = await registeredAndActivated();
    const b = new Browser();
    const s = await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip });
    if (!s.ok) throw new Error(s.error);
    b.take(s.headers);
    const stolen = new Map(b.cookies);
    expect(await accounts.countSessions(app, s.user.id)).toBe(1);
    b.take(await accounts.signOut(app, b.request()));
    expect(b.cookies.has("sid")).toBe(false);
    expect(await accounts.countSessions(app, s.user.id)).toBe(0);
    const replay = new Browser();
    replay.cookies = stolen;
    expect((await accounts.getSession(app, replay.request())).user).toBeNull();
  });

  it("idle and absolute expiry end a session", async () => {
    const email = await registeredAndActivated();
    const b = new Browser();
    const s = await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip });
    if (!s.ok) throw new Error(s.error);
    b.take(s.headers);
    const idle = app.config.session.idleMinutes * 60_000;
    // activity keeps it alive up to the absolute limit
    for (let t = 0; t < app.config.session.absoluteHours * 3_600_000 - idle; t += idle / 2) {
      app.clock.advance(idle / 2);
      expect((await accounts.getSession(app, b.request())).user, `after ${t}`).not.toBeNull();
    }
    app.clock.advance(idle);
    expect((await accounts.getSession(app, b.request())).user).toBeNull();

    const b2 = new Browser();
    const s2 = await accounts.signIn(app, b2.request(), { email, password: PASSWORD, ip });
    if (!s2.ok) throw new Error(s2.error);
    b2.take(s2.headers);
    app.clock.advance(idle + 1000);
    expect((await accounts.getSession(app, b2.request())).user).toBeNull();
  });

  it("the app channel signs in over POST /api/auth/signin and uses the token as Bearer", async () => {
    const email = await registeredAndActivated();
    const r = await apiSignIn({ email, password: PASSWORD });
    expect(r.status).toBe(200);
    expect(r.headers.getSetCookie()).toHaveLength(0);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const body = (await r.json()) as { obj: Record<string, unknown>; token: string };
    expect(body.obj).toEqual({ email, name: "Ayşe Yılmaz", initials: "A", customerStatus: "Customer", state: "secure", type: "Customer" });
    expect(body.token).toMatch(/^[\w-]{43,}$/);
    const req = new Request("https://shop.test/memberarea/home", { headers: { authorization: `Bearer ${body.token}` } });
    expect(await accounts.getSession(app, req)).toMatchObject({ user: { email }, channel: "app" });
    // a Bearer request needs no Origin, Referer or form token: a web page cannot set the header
    expect(await csrfOk(app, new Request("https://shop.test/x", { method: "POST", headers: { authorization: `Bearer ${body.token}` } }), new FormData())).toBe(true);
  });

  it("POST /api/auth/signin answers {error, errorCode} like the web sign-in, and only takes JSON", async () => {
    const email = await registeredAndActivated();
    const wrong = await apiSignIn({ email, password: "Yanlis-Sifre-1" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Giriş yapılamadı" });

    const pending = fresh();
    await accounts.register(app, { email: pending, password: PASSWORD, name: "Bekleyen", ip });
    await newMails();
    const early = await apiSignIn({ email: pending, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ error: "Hesabınız henüz aktifleştirilmemiş. Lütfen e-posta kutunuzdaki aktivasyon bağlantısını kullanın.", errorCode: 20013 });

    const invalid = await apiSignIn({ email: "eposta-degil", password: PASSWORD });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: "Lütfen girilen bilgileri kontrol ediniz." });
    expect((await apiSignIn("{bozuk json")).status).toBe(400);
    // a form post (what another site's page could send without a preflight) is not accepted
    const form = await apiSignInAction({
      request: new Request("https://shop.test/api/auth/signin", { method: "POST", body: new URLSearchParams({ email, password: PASSWORD }) }),
      context: { app, clientIp: ip, requestId: "test", nonce: "" },
      params: {},
    } as unknown as Parameters<typeof apiSignInAction>[0]);
    expect(form.status).toBe(415);
  });

  it("CSRF: the session's token is required; other sites are refused", async () => {
    const b = new Browser();
    const g = await accounts.ensureSession(app, b.request());
    b.take(g.headers);
    const form = (token?: string) => {
      const f = new FormData();
      if (token !== undefined) f.set("_csrf", token);
      return f;
    };
    const same = { origin: "https://shop.test", "sec-fetch-site": "same-origin" };
    expect(await csrfOk(app, b.request("/x", { method: "POST", headers: same }), form(g.session.csrfToken))).toBe(true);
    expect(await csrfOk(app, b.request("/x", { method: "POST", headers: same }), form())).toBe(false);
    expect(await csrfOk(app, b.request("/x", { method: "POST", headers: same }), form("x".repeat(43)))).toBe(false);
    const evil = { origin: "https://kotu.example", "sec-fetch-site": "cross-site" };
    expect(await csrfOk(app, b.request("/x", { method: "POST", headers: evil }), form(g.session.csrfToken))).toBe(false);
    // a visitor without a session: only the origin check applies (login CSRF is refused by it)
    const anon = new Browser();
    expect(await csrfOk(app, anon.request("/x", { method: "POST", headers: same }), form())).toBe(true);
    expect(await csrfOk(app, anon.request("/x", { method: "POST", headers: { origin: "https://kotu.example" } }), form())).toBe(false);
    // the first no-JS form post of a new visitor: browsers send Origin (older ones at least a Referer)
    expect(await csrfOk(app, anon.request("/auth/login", { method: "POST", headers: { origin: "https://shop.test" } }), form())).toBe(true);
    expect(await csrfOk(app, anon.request("/auth/login", { method: "POST", headers: { referer: "https://shop.test/auth/login" } }), form())).toBe(true);
    // neither Origin nor Sec-Fetch-Site nor a Referer of ours: not a browser form post from our pages
    expect(await csrfOk(app, anon.request("/auth/login", { method: "POST" }), form())).toBe(false);
    expect(await csrfOk(app, anon.request("/auth/login", { method: "POST", headers: { referer: "https://kotu.example/sayfa" } }), form())).toBe(false);
    expect(await csrfOk(app, anon.request("/auth/login", { method: "POST", headers: { origin: "null" } }), form())).toBe(false);
    expect(await csrfOk(app, anon.request("/auth/login", { method: "POST", headers: { "sec-fetch-site": "same-site" } }), form())).toBe(false);
    // with a session, the same missing headers do not replace the token either
    expect(await csrfOk(app, b.request("/x", { method: "POST", headers: { referer: "https://shop.test/basket" } }), form(g.session.csrfToken))).toBe(true);
    expect(await csrfOk(app, b.request("/x", { method: "POST" }), form(g.session.csrfToken))).toBe(false);
    await expect(accounts.verifyCsrf({ app }, b.request("/x", { method: "POST", headers: same }), form())).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("requireUser redirects to sign-in with a returnUrl; requireStaff refuses customers", async () => {
    const anon = new Browser();
    const thrown = await accounts.requireUser({ app }, anon.request("/memberarea/orders?x=1")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/auth/login?returnUrl=%2Fmemberarea%2Forders%3Fx%3D1");

    const email = await registeredAndActivated();
    const b = new Browser();
    const s = await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip });
    if (!s.ok) throw new Error(s.error);
    b.take(s.headers);
    expect((await accounts.requireUser({ app }, b.request("/memberarea/home"))).user.email).toBe(email);
    await expect(accounts.requireStaff({ app }, b.request("/management"), "operations")).rejects.toMatchObject({ init: { status: 403 } });
    await accounts.setUserRole(app, s.user.id, "operations");
    // privilege change ends the sessions: sign in again to use the new role
    expect((await accounts.getSession(app, b.request())).user).toBeNull();
    const s2 = await accounts.signIn(app, b.request(), { email, password: PASSWORD, ip });
    if (!s2.ok) throw new Error(s2.error);
    b.take(s2.headers);
    expect((await accounts.requireStaff({ app }, b.request("/management"), "operations")).user.role).toBe("operations");
  });
});

describe("password reset", () => {
  it("same answer for unknown e-mails (no mail); link works once, ends other sessions, new password signs in", async () => {
    expect(await accounts.requestPasswordReset(app, { email: "hic-yok@ornek.com.tr", ip })).toEqual({
      ok: true,
      message: "Bu e-posta adresiyle kayıtlı bir hesap varsa, şifre sıfırlama bağlantısı gönderildi. Lütfen posta kutunuzu kontrol edin.",
    });
    expect(await newMails()).toHaveLength(0);

    const email = await registeredAndActivated();
    const phone = new Browser();
    const s = await accounts.signIn(app, phone.request(), { email, password: PASSWORD, ip });
    if (!s.ok) throw new Error(s.error);
    phone.take(s.headers);

    const r = await accounts.requestPasswordReset(app, { email: email.toUpperCase(), ip });
    expect(r.ok).toBe(true);
    const [mail] = await newMails();
    expect(mail!.subject).toBe("Şifre sıfırlama bağlantınız");
    const code = codeFrom(mail!, "resetpass");
    expect(await accounts.checkResetLink(app, code)).toEqual({ status: 1 });
    expect(await accounts.checkResetLink(app, code.slice(0, 16))).toEqual({ status: 0 });

    const laptop = new Browser();
    const done = await accounts.resetPassword(app, laptop.request(), code, "Yepyeni-Sifre-77");
    expect(done).toEqual({ ok: true, message: "Şifreniz değiştirilmiştir" });
    expect((await accounts.getSession(app, phone.request())).user).toBeNull();
    expect(await accounts.checkResetLink(app, code)).toEqual({ status: 0 });
    expect(await accounts.resetPassword(app, laptop.request(), code, "Baska-Sifre-88")).toMatchObject({
      ok: false,
      error: "Şifre linkiniz geçersizdir ya da geçerlilik süresi dolmuştur.",
    });
    expect((await accounts.signIn(app, laptop.request(), { email, password: PASSWORD, ip })).ok).toBe(false);
    expect((await accounts.signIn(app, laptop.request(), { email, password: "Yepyeni-Sifre-77", ip })).ok).toBe(true);
  });

  it("a reset link expires after one hour", async () => {
    const email = await registeredAndActivated();
    await accounts.requestPasswordReset(app, { email, ip: "192.0.2.77" });
    const code = codeFrom((await newMails())[0]!, "resetpass");
    app.clock.advance(59 * 60_000);
    expect(await accounts.checkResetLink(app, code)).toEqual({ status: 1 });
    app.clock.advance(2 * 60_000);
    expect(await accounts.checkResetLink(app, code)).toEqual({ status: 0 });
    expect((await accounts.resetPassword(app, new Browser().request(), code, "Yepyeni-Sifre-77")).ok).toBe(false);
  });
});

describe("staff account from ADMIN_EMAIL / ADMIN_PASSWORD", () => {
  it("is created activated, updated when the password changes, and left alone otherwise", async () => {
    const cfg = (password: string) => ({ ...app, config: { ...app.config, admin: { email: "Yonetici@Ornek.com.tr", password } } });
    expect(await accounts.ensureAdmin(cfg("Yonetici-Sifresi-1"))).toBe("created");
    expect(await accounts.ensureAdmin(cfg("Yonetici-Sifresi-1"))).toBe("skipped");
    const b = new Browser();
    const s = await accounts.signIn(app, b.request(), { email: "yonetici@ornek.com.tr", password: "Yonetici-Sifresi-1", ip });
    expect(s).toMatchObject({ ok: true, user: { role: "admin" } });
    expect(await accounts.ensureAdmin(cfg("Yonetici-Sifresi-2"))).toBe("updated");
    expect((await accounts.signIn(app, b.request(), { email: "yonetici@ornek.com.tr", password: "Yonetici-Sifresi-2", ip })).ok).toBe(true);
  });
});

describe("site message dismissal (CSRF)", () => {
  const dismiss = (request: Request) =>
    dismissAction({ request, context: { app, clientIp: ip, requestId: "test", nonce: "" }, params: {} } as unknown as Parameters<typeof dismissAction>[0]);
  const post = (b: Browser, fields: Record<string, string>, headers: Record<string, string>) => {
    const r = b.request("/site/dismiss", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
    return new Request(r, { body: new URLSearchParams(fields) });
  };

  it("needs this session's token and our own origin", async () => {
    const b = new Browser();
    const g = await accounts.ensureSession(app, b.request());
    b.take(g.headers);
    const ours = { origin: "https://shop.test", "sec-fetch-site": "same-origin", referer: "https://shop.test/home" };
    const refused = await dismiss(post(b, { which: "top", key: "kampanya-1" }, ours)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ init: { status: 403 } });
    const forged = await dismiss(post(b, { which: "top", key: "kampanya-1", _csrf: g.session.csrfToken }, { origin: "https://kotu.example", "sec-fetch-site": "cross-site" })).catch((e: unknown) => e);
    expect(forged).toMatchObject({ init: { status: 403 } });
    const ok = (await dismiss(post(b, { which: "top", key: "kampanya-1", _csrf: g.session.csrfToken }, ours))) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/home");
    expect(ok.headers.get("set-cookie")).toMatch(/^dm_top=kampanya-1;/);
  });
});

describe("member area: orders", () => {
  const PRODUCT = 20001; // Küçük Hediye Kutusu, 449,00 TL, stock counted
  const stockOf = async (id: number) => (await catalog.pricesFor(app.db, [id])).get(id)!.stock!;

  async function member() {
    const email = await registeredAndActivated();
    return (await accounts.findUserByEmail(app, email))!;
  }

  /** Places an order as checkout does: paid by card (sandbox, 3-D Secure), stock held, points and a code used. */
  async function placeOrder(user: { id: number; email: string }, opts: { quantity?: number; points?: number; promoId?: number } = {}) {
    const quantity = opts.quantity ?? 2;
    const productTotal = 44_900 * quantity;
    const discount = opts.promoId ? 5_000 : 0;
    const needToPay = productTotal - discount - (opts.points ?? 0);
    const orderRef = `UYE-${user.id}-${++n}`;
    const { result } = await payWithNewCard(app, { orderRef, amount: needToPay, card: "5528790000000008", userId: user.id, buyer: { ...TEST_BUYER, email: user.email } });
    if (result?.status !== "succeeded") throw new Error(`payment: ${JSON.stringify(result)}`);
    return app.db.transaction(async (tx) => {
      const lines = [{ productId: PRODUCT, name: "Küçük Hediye Kutusu", quantity, unitPrice: 44_900, originalPrice: 44_900, taxRateBp: 1000 }];
      expect(await catalog.reserveStock(app, tx, lines)).toEqual({ ok: true });
      const order = await orders.createOrder(
        app,
        tx,
        {
          userId: user.id,
          email: user.email,
          deliveryType: "Carrier",
          readyDate: "2026-11-25",
          estimatedDelivery: "2026-11-26",
          address: { delFullName: "Ayşe Yılmaz" },
          productTotal,
          deliveryCost: 0,
          discountAmount: discount,
          usedBonus: opts.points ?? 0,
          needToPay,
          taxSnapshot: { productRateBp: 1000, deliveryRateBp: 2000 },
          paymentRef: result.paymentId,
        },
        lines,
        "checkout",
      );
      if (opts.points) await loyalty.spend(app, tx, user.id, opts.points, order.id);
      if (opts.promoId) expect(await promos.consumeUse(tx, app, { promoId: opts.promoId, orderId: order.id, userId: user.id, email: user.email, discount })).toEqual({ ok: true });
      return { order, paymentId: result.paymentId };
    });
  }

  it("lists the member's orders newest first with Turkish status, carrier and tracking link, and only theirs", async () => {
    const ayse = await member();
    const other = await member();
    const first = await placeOrder(ayse);
    app.clock.advance(3_600_000);
    const second = await placeOrder(ayse, { quantity: 1 });
    await placeOrder(other);
    for (const to of ["preparing", "ready", "shipped"] as const) await orders.transition(app, first.order.id, to, "staff:1");
    await app.db.update(ordersTable).set({ carrier: "Aras Kargo", trackingNumber: "AR 123/45" }).where(eq(ordersTable.id, first.order.id));

    const list = await accounts.memberOrders(app, ayse.id);
    expect(list.map((o) => o.orderNumber)).toEqual([second.order.orderNumber, first.order.orderNumber]);
    expect(list[0]).toMatchObject({ status: "received", statusText: "Sipariş alındı", needToPay: 44_900, canCancel: true, carrier: null, trackingUrl: null, estimatedDelivery: "2026-11-26", placedOn: istanbulDate(app.clock.now()) });
    expect(list[1]).toMatchObject({
      status: "shipped",
      statusText: "Kargoya verildi",
      canCancel: false,
      carrier: "Aras Kargo",
      trackingNumber: "AR 123/45",
      trackingUrl: "https://kargotakip.araskargo.com.tr/mainpage.aspx?code=AR%20123%2F45",
    });
    expect(previousOrderLines(list[1]!)).toEqual(["Taşıyıcı: Aras Kargo", "Takip No: AR 123/45"]);
    expect(previousOrderLines(list[0]!)).toEqual(["Siparişiniz alındı.", "Tahmini teslimat: 26 Kasım Perşembe"]);
    // someone else's order number cannot be cancelled, nor is it even acknowledged
    expect(await cancelMemberOrder(app, other.id, second.order.orderNumber)).toMatchObject({ ok: false, status: 404, error: "Sipariş bulunamadı." });
  });

  it("cancelling before baking gives back stock, points and the code's use, and refunds the card (mailed)", async () => {
    const ayse = await member();
    await loyalty.adjust(app, ayse.id, 2_000, "hoş geldin puanı", "staff:1");
    const promo = await promos.create(app, { code: `IPTAL${++n}`, kind: "fixed", amount: 5_000, maxUses: 1 }, "staff:1");
    const stock0 = await stockOf(PRODUCT);
    const { order, paymentId } = await placeOrder(ayse, { quantity: 3, points: 2_000, promoId: promo.id });
    expect(await stockOf(PRODUCT)).toBe(stock0 - 3);
    expect(await loyalty.available(app, ayse.id)).toBe(0);
    expect((await promos.getById(app, promo.id))?.usedCount).toBe(1);

    const r = await cancelMemberOrder(app, ayse.id, order.orderNumber);
    expect(r).toEqual({ ok: true, message: "Siparişiniz iptal edildi; ödemeniz kartınıza iade edildi." });
    expect(await stockOf(PRODUCT)).toBe(stock0);
    expect(await loyalty.available(app, ayse.id)).toBe(2_000);
    expect((await promos.getById(app, promo.id))?.usedCount).toBe(0);
    const pay = await payments.getPayment(app, paymentId);
    expect(pay).toMatchObject({ status: "cancelled", refundedAmount: order.needToPay }); // same day: cancelled at the provider
    const after = (await orders.getById(app, order.id))!;
    expect(after).toMatchObject({ status: "refunded", refundedAmount: order.needToPay });
    expect((await orders.eventsOf(app, order.id)).map((e) => [e.toStatus, e.actor])).toEqual([
      ["received", "checkout"],
      ["cancelled", `member:${ayse.id}`],
      ["refunded", `member:${ayse.id}`],
    ]);
    const mails = (await newMails()).filter((m) => m.to.includes(ayse.email));
    expect(mails.map((m) => m.subject)).toEqual([`Ödemeniz iptal edildi – Sipariş ${order.orderNumber}`]);
    expect(mails[0]!.text).toContain("Üye siparişi fırına girmeden iptal etti");
    const listed = (await accounts.memberOrders(app, ayse.id))[0]!;
    expect(listed).toMatchObject({ statusText: "İade edildi", canCancel: false });
    expect(previousOrderLines(listed)).toEqual(["Sipariş tutarı kartınıza iade edildi."]);

    // a second click changes nothing: no second refund, no second stock release
    expect(await cancelMemberOrder(app, ayse.id, order.orderNumber)).toMatchObject({ ok: false, status: 409 });
    expect(await stockOf(PRODUCT)).toBe(stock0);
    expect(await payments.refundsOf(app, paymentId)).toHaveLength(1);
    // the safety-net refund job finds the order refunded and does nothing
    app.clock.advance(10 * 60_000);
    await runDueJobs(app, JOB_HANDLERS);
    expect(await payments.refundsOf(app, paymentId)).toHaveLength(1);
  });

  it("once baking has started the member cannot cancel, and nothing is released or refunded", async () => {
    const ayse = await member();
    const stock0 = await stockOf(PRODUCT);
    const { order, paymentId } = await placeOrder(ayse);
    await orders.transition(app, order.id, "preparing", "staff:1", "fırına girdi");
    const r = await cancelMemberOrder(app, ayse.id, order.orderNumber);
    expect(r).toMatchObject({ ok: false, status: 409, error: "Siparişiniz fırına girdiği için artık iptal edilemiyor. Lütfen bizimle iletişime geçin: 0 (216) 555 01 20" });
    expect((await orders.getById(app, order.id))?.status).toBe("preparing");
    expect(await stockOf(PRODUCT)).toBe(stock0 - 2);
    expect(await payments.refundsOf(app, paymentId)).toHaveLength(0);
    expect((await accounts.memberOrders(app, ayse.id))[0]).toMatchObject({ statusText: "Hazırlanıyor (fırında)", canCancel: false });
  });

  it("the 'not baking yet' check is made under the order's row lock: a cancel that lost the race to the bakery changes nothing", async () => {
    const ayse = await member();
    const stock0 = await stockOf(PRODUCT);
    const { order, paymentId } = await placeOrder(ayse);
    // the member's page still says 'received'; the bakery moves it on before the cancel reaches the lock
    await orders.transition(app, order.id, "preparing", "staff:1");
    await expect(cancelOrder(app, order.id, { actor: `member:${ayse.id}`, expectFrom: ["received"] })).rejects.toBeInstanceOf(orders.UnexpectedStatus);
    expect((await orders.getById(app, order.id))?.status).toBe("preparing");
    expect(await stockOf(PRODUCT)).toBe(stock0 - 2);
    expect(await payments.refundsOf(app, paymentId)).toHaveLength(0);
    // both at once: exactly one of them wins
    const next = await placeOrder(ayse);
    const [cancelled, baked] = await Promise.allSettled([
      cancelMemberOrder(app, ayse.id, next.order.orderNumber),
      orders.transition(app, next.order.id, "preparing", "staff:1"),
    ]);
    const final = (await orders.getById(app, next.order.id))!.status;
    if (final === "preparing") {
      expect(cancelled).toMatchObject({ status: "fulfilled", value: { ok: false, status: 409 } });
      expect(await stockOf(PRODUCT)).toBe(stock0 - 4);
    } else {
      expect(final).toBe("refunded");
      expect(baked.status).toBe("rejected");
      expect(await stockOf(PRODUCT)).toBe(stock0 - 2);
    }
  });

  it("a refund the provider does not confirm now is finished by the job; the order stays cancelled until then", async () => {
    const ayse = await member();
    const { order, paymentId } = await placeOrder(ayse, { quantity: 1 });
    const sandbox = payments.gatewayFor(app);
    payments.useGateway(app, { ...sandbox, cancel: async () => ({ ok: false, code: "network", message: "timeout", unknown: false }), refund: async () => ({ ok: false, code: "network", message: "timeout" }) });
    const r = await cancelMemberOrder(app, ayse.id, order.orderNumber);
    expect(r).toEqual({ ok: true, message: "Siparişiniz iptal edildi; ödemenizin iadesi işleme alındı ve onaylandığında kartınıza yansıyacak." });
    expect((await orders.getById(app, order.id))?.status).toBe("cancelled");
    expect((await accounts.memberOrders(app, ayse.id))[0]).toMatchObject({ statusText: "İptal edildi" });
    payments.useGateway(app, sandbox);
    app.clock.advance(6 * 60_000);
    await runDueJobs(app, JOB_HANDLERS);
    expect((await orders.getById(app, order.id))?.status).toBe("refunded");
    expect((await payments.getPayment(app, paymentId))?.refundedAmount).toBe(44_900);
  });
});
