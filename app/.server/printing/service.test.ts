import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/accounts";
import { createTestApp, type TestApp } from "../db/testing";
import { testPasswordHash } from "../accounts/testing";
import * as accounts from "../accounts/service";
import * as notes from "../notes/service";
import * as orders from "../orders/service";
import * as printing from "./service";
import { loader as invoiceLoader } from "~/routes/printinvoice";
import { loader as noteLoader } from "~/routes/printnote";
import { action as viewerAction, loader as viewerLoader } from "~/routes/gift-note";

/**
 * Printable pages and the gift-note viewer against a real database (issue 10): who may open an order's invoice and
 * printed note (owner, staff, signed link; everyone else 404 whether the order exists or not), what the invoice
 * shows, and what the recipient's page shows and hides.
 */
let app: TestApp;
const PASSWORD = "Kurabiye-Sever-42";
let n = 0;

beforeAll(async () => {
  app = await createTestApp({ env: { PUBLIC_URL: "https://shop.test" } });
});
afterAll(() => app.close());

interface Person {
  id: number;
  email: string;
  cookie: string;
}

/** A member (or staff member) signed in through accounts, with their session cookie. */
async function person(role: "customer" | "admin" | "operations" | "marketing" = "customer"): Promise<Person> {
  const now = app.clock.now();
  const email = `kisi${++n}@ornek.com.tr`;
  const [u] = await app.db
    .insert(users)
    .values({ email, name: "Ayşe Yılmaz", passwordHash: await testPasswordHash(PASSWORD), activatedAt: now, createdAt: now, updatedAt: now })
    .returning();
  if (role !== "customer") await accounts.setUserRole(app, u!.id, role);
  const s = await accounts.signIn(app, new Request("https://shop.test/auth/login"), { email, password: PASSWORD, ip: `198.51.100.${n}` });
  if (!s.ok) throw new Error(s.error);
  const cookie = s.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return { id: u!.id, email, cookie };
}

const ADDRESS = {
  delFullName: "Ayşe Yılmaz",
  delAddress: "Atatürk Bulvarı No 12 Daire 3",
  delCityName: "Ankara",
  delCountyName: "Çankaya",
  delNeighName: "Kızılay",
  delPhoneNumber: "5321234567",
  delCityId: 6,
  delCountyId: 1,
  delNeighId: null,
  invFullName: "Mehmet Demir",
  invAddress: "Büyükdere Caddesi No 100 Kat 5",
  invCityName: "İstanbul",
  invCountyName: "Şişli",
  invNeighName: "Esentepe",
  invPhoneNumber: "5339876543",
  invCityId: 34,
  invCountyId: 2,
  invNeighId: null,
  firmName: "Örnek Gıda A.Ş.",
  taxAuthority: "Zincirlikuyu",
  TID: "1234567890",
  type: "Corporate",
  isSingleAddress: 0,
};

/** Places an order the way checkout's transaction does (order, lines, note), without the payment. */
async function placeOrder(
  userId: number | null,
  opts: { giftNote?: string; mediaLink?: string; address?: object; discount?: number; points?: number; promoCode?: string | null; deliveryCost?: number } = {},
) {
  const lines = [
    { productId: 20002, variant: "altin", boxType: "heyecanli", name: "Heyecanlı Kutu", packageContent: "6 adet 90 g sürpriz kurabiye", thumbName: "gift-heyecanli", quantity: 1, unitPrice: 39_900, originalPrice: 47_900, taxRateBp: 1000 },
    { productId: 10003, variant: "", boxType: null, name: "Orijinal 90 g", packageContent: "1 adet 90 g kurabiye", thumbName: "orijinal", quantity: 3, unitPrice: 4_590, originalPrice: 4_590, taxRateBp: 1000 },
  ];
  const productTotal = 39_900 + 3 * 4_590;
  const discount = opts.discount ?? 0;
  const points = opts.points ?? 0;
  const deliveryCost = opts.deliveryCost ?? 4_999;
  return app.db.transaction(async (tx) => {
    const order = await orders.createOrder(
      app,
      tx,
      {
        userId,
        email: "alici@example.com",
        deliveryType: "Carrier",
        readyDate: "2026-11-25",
        estimatedDelivery: "2026-11-26",
        address: opts.address ?? ADDRESS,
        giftNote: opts.giftNote ?? "",
        mediaLink: opts.mediaLink ?? "",
        promoCode: opts.promoCode ?? null,
        productTotal,
        deliveryCost,
        discountAmount: discount,
        usedBonus: points,
        needToPay: productTotal - discount - points + deliveryCost,
        taxSnapshot: { deliveryRateBp: 2000, groupRatesBp: { gift: 1000, cookie: 1000 } },
      },
      lines,
      "test",
    );
    const note = await notes.createForOrder(app, tx, order);
    return { order, note };
  });
}

const request = (path: string, cookie?: string, init: RequestInit = {}) =>
  new Request(`https://shop.test${path}`, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) } });

/** The request context the server hands loaders and actions. */
const context = () => ({ app, requestId: "test", nonce: "", clientIp: "203.0.113.5" });
type RouteFn = (args: { request: Request; params: Record<string, string>; context: ReturnType<typeof context> }) => Promise<unknown>;
const call = (fn: unknown, request: Request, params: Record<string, string>) => (fn as RouteFn)({ request, params, context: context() });

/** Runs a print page's loader as the router would; returns the HTTP status it answers with. */
async function statusOf(loader: typeof invoiceLoader | typeof noteLoader, path: string, cookie?: string): Promise<number> {
  const url = new URL(`https://shop.test${path}`);
  const order = decodeURIComponent(url.pathname.split("/")[2]!);
  try {
    await call(loader, request(path, cookie), { order });
    return 200;
  } catch (e) {
    const init = (e as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw e;
  }
}

describe("who may open an order's print pages", () => {
  it("the owner signed in, and staff (admin, operations); not another member, marketing or a visitor — 404 like a missing order", async () => {
    const owner = await person();
    const other = await person();
    const admin = await person("admin");
    const operations = await person("operations");
    const marketing = await person("marketing");
    const { order } = await placeOrder(owner.id, { giftNote: "İyi ki varsın!" });
    for (const kind of ["invoice", "note"] as const) {
      const loader = kind === "invoice" ? invoiceLoader : noteLoader;
      const path = `${printing.PRINT_PATH[kind]}/${order.orderNumber}`;
      expect(await statusOf(loader, path, owner.cookie), `${kind}: owner`).toBe(200);
      expect(await statusOf(loader, path, admin.cookie), `${kind}: admin`).toBe(200);
      expect(await statusOf(loader, path, operations.cookie), `${kind}: operations`).toBe(200);
      expect(await statusOf(loader, path, other.cookie), `${kind}: other member`).toBe(404);
      expect(await statusOf(loader, path, marketing.cookie), `${kind}: marketing`).toBe(404);
      expect(await statusOf(loader, path), `${kind}: visitor`).toBe(404);
      // a guessed number that does not exist answers exactly the same
      expect(await statusOf(loader, `${printing.PRINT_PATH[kind]}/2026-999999`, other.cookie)).toBe(404);
      expect(await statusOf(loader, `${printing.PRINT_PATH[kind]}/not-an-order`, owner.cookie)).toBe(404);
      // the public id works for the owner as well
      expect(await statusOf(loader, `${printing.PRINT_PATH[kind]}/${order.publicId}`, owner.cookie)).toBe(200);
    }
  });

  it("a guest's order: nobody but staff without a signed link; with one, anyone until it expires", async () => {
    const { order } = await placeOrder(null, { giftNote: "Sevgiyle", mediaLink: "https://youtu.be/abc" });
    const member = await person();
    const path = `/printinvoice/${order.orderNumber}`;
    expect(await statusOf(invoiceLoader, path)).toBe(404);
    expect(await statusOf(invoiceLoader, path, member.cookie)).toBe(404);

    const signed = printing.signedPrintUrl(app, "invoice", order.orderNumber, 3_600_000);
    expect(signed).toMatch(/^\/printinvoice\/2026-\d{6}\?exp=\d+&sig=[\w-]{43}$/);
    expect(await statusOf(invoiceLoader, signed)).toBe(200);
    expect(await statusOf(invoiceLoader, signed, member.cookie)).toBe(200);
    // signed for the invoice only: the note of the same order stays closed
    expect(await statusOf(noteLoader, signed.replace("/printinvoice/", "/printnote/"))).toBe(404);
    // a signed note link opens the note
    expect(await statusOf(noteLoader, printing.signedPrintUrl(app, "note", order.publicId))).toBe(200);
    // tampered: another order, another expiry, another signature
    const other = await placeOrder(null);
    expect(await statusOf(invoiceLoader, signed.replace(order.orderNumber, other.order.orderNumber))).toBe(404);
    const exp = Number(/exp=(\d+)/.exec(signed)![1]);
    expect(await statusOf(invoiceLoader, signed.replace(`exp=${exp}`, `exp=${exp + 3600}`))).toBe(404);
    expect(await statusOf(invoiceLoader, signed.replace(/sig=[\w-]{5}/, "sig=AAAAA"))).toBe(404);
    expect(await statusOf(invoiceLoader, `${path}?exp=${exp}`)).toBe(404);
    // expired
    app.clock.advance(3_600_000 + 1000);
    expect(await statusOf(invoiceLoader, signed)).toBe(404);
    app.clock.advance(-(3_600_000 + 1000));
  });

  it("links for members: every order's invoice, the note only where there is one", async () => {
    const owner = await person();
    const withNote = await placeOrder(owner.id, { giftNote: "Mutlu yıllar" });
    const without = await placeOrder(owner.id);
    const links = await printing.memberPrintLinks(app, owner.id);
    expect(links[withNote.order.orderNumber]).toEqual({ invoice: `/printinvoice/${withNote.order.orderNumber}`, note: `/printnote/${withNote.order.orderNumber}`, earsiv: null, contracts: null });
    expect(links[without.order.orderNumber]).toEqual({ invoice: `/printinvoice/${without.order.orderNumber}`, note: null, earsiv: null, contracts: null });
  });

  it("the e-Arşiv copy (issue 26 §2): linked once the order is invoiced; owner, staff and a signed link open it, a stranger gets 404", async () => {
    const owner = await person();
    const { order } = await placeOrder(owner.id);
    for (const to of ["preparing", "ready", "collected"] as const) await orders.transition(app, order.id, to, "staff:1");
    const links = await printing.memberPrintLinks(app, owner.id);
    expect(links[order.orderNumber]!.earsiv).toBe(`/efatura/${order.orderNumber}`);
    const anonymous = new Request(`http://shop.test/efatura/${order.publicId}`);
    expect(await printing.earsivCopies(app, anonymous, order.publicId)).toBeNull();
    const signed = printing.signedPrintUrl(app, "earsiv", order.publicId);
    const copies = await printing.earsivCopies(app, new Request(`http://shop.test${signed}`), order.publicId);
    expect(copies?.map((c) => c.doc.kind)).toEqual(["SATIS"]);
    expect(copies![0]!.doc.internetSale.carrier).toBeNull(); // collected by the buyer
    // a link signed for the workshop's print page does not open the invoice copy
    const printSigned = printing.signedPrintUrl(app, "invoice", order.publicId);
    expect(await printing.earsivCopies(app, new Request(`http://shop.test${printSigned}`.replace("/printinvoice/", "/efatura/")), order.publicId)).toBeNull();
  });
});

describe("the invoice", () => {
  it("billing address, rows from the stored lines with box image, delivery row at the order's rate, totals = what was paid", async () => {
    const owner = await person();
    const { order } = await placeOrder(owner.id, { discount: 5_000, points: 1_234, promoCode: "YENI50", deliveryCost: 4_999 });
    const v = await printing.invoiceView(app, order);
    expect(v.recipient).toEqual({
      firmName: "Örnek Gıda A.Ş.",
      name: "Mehmet Demir",
      address: "Esentepe, Büyükdere Caddesi No 100 Kat 5",
      countyCity: "Şişli / İstanbul",
      phone: "0533 987 65 43",
      taxAuthority: "Zincirlikuyu",
      taxId: "1234567890",
    });
    expect(v.rows).toEqual([
      {
        productId: 20002,
        name: "Heyecanlı Kutu",
        packageContent: "6 adet 90 g sürpriz kurabiye",
        image: "/img/products/gift-heyecanli.svg",
        box: { name: "Heyecanlı Kutu", image: "/img/boxes/heyecanli.svg" },
        taxRateBp: 1000,
        quantity: 1,
        unitNet: 36_273,
        lineNet: 36_273,
      },
      { productId: 10003, name: "Orijinal 90 g", packageContent: "1 adet 90 g kurabiye", image: "/img/products/orijinal.svg", box: null, taxRateBp: 1000, quantity: 3, unitNet: 4_173, lineNet: 12_518 },
    ]);
    expect(v.shipping).toEqual({ taxRateBp: 2000, net: 4_166 });
    expect(v.discount).toMatchObject({ promoCode: "YENI50" });
    expect(v.usedBonus).not.toBeNull();
    expect(v.taxes.map((t) => t.rateBp)).toEqual([1000, 2000]);
    expect(v.total).toBe(order.needToPay);
    expect(36_273 + 12_518 + 4_166 - v.discount!.net - v.usedBonus!.net).toBe(v.subTotal);
    expect(v.printDate).toBe("2026-11-23");
  });

  it("an individual buyer with one address: the delivery fields, no firm or tax lines; no discount, points or delivery row", async () => {
    const owner = await person();
    const { order } = await placeOrder(owner.id, { address: { ...ADDRESS, firmName: "", taxAuthority: "", TID: "", type: "Individual", isSingleAddress: 1 }, deliveryCost: 0 });
    const v = await printing.invoiceView(app, order);
    expect(v.recipient).toEqual({ firmName: "", name: "Ayşe Yılmaz", address: "Kızılay, Atatürk Bulvarı No 12 Daire 3", countyCity: "Çankaya / Ankara", phone: "0532 123 45 67", taxAuthority: "", taxId: "" });
    expect(v.shipping).toBeNull();
    expect(v.discount).toBeNull();
    expect(v.usedBonus).toBeNull();
    expect(v.taxes.map((t) => t.rateBp)).toEqual([1000]);
    expect(v.total).toBe(order.needToPay);
  });
});

describe("the recipient's page /s/{code} and the printed note", () => {
  const view = (code: string, query = "") => call(viewerLoader, request(`/s/${code}${query}`), { id: code }) as Promise<{ data: Record<string, unknown> }>;

  it("shows the note and link as typed, what was sent and when it was made, never a price; an unknown code goes home", async () => {
    const { note, order } = await placeOrder(null, { giftNote: "<script>alert(1)</script> İyi ki doğdun!", mediaLink: "https://youtu.be/abc" });
    const v = await notes.viewer(app, note!.code);
    expect(v).toEqual({
      code: note!.code,
      notes: "<script>alert(1)</script> İyi ki doğdun!",
      link: "https://youtu.be/abc",
      hasMessage: true,
      messageActive: true,
      productionDate: order.readyDate,
      product: { productId: 20002, name: "Heyecanlı Kutu", packageContent: "6 adet 90 g sürpriz kurabiye", thumbName: "gift-heyecanli" },
    });
    const page = await view(note!.code);
    expect(page.data.overlayOpen).toBe(true);
    const json = JSON.stringify(page.data);
    for (const secret of [String(order.needToPay), "39900", order.orderNumber, order.publicId, "Ankara", "alici@example.com"]) expect(json).not.toContain(secret);
    expect((await view(note!.code, "?kapat=1")).data.overlayOpen).toBe(false);

    await expect(view("YokBoyleKod12")).rejects.toMatchObject({ status: 302, headers: expect.any(Headers) });
    expect(await notes.viewer(app, "../../etc")).toBeNull();
  });

  it("a stored link that is not http(s) never becomes a link", async () => {
    const { note } = await placeOrder(null, { giftNote: "Merhaba", mediaLink: "javascript:alert(1)" });
    const v = await notes.viewer(app, note!.code);
    expect(v).toMatchObject({ notes: "Merhaba", link: null, messageActive: true });
    const printed = await notes.printedNote(app, note!.orderId);
    expect(printed).toEqual({ notes: "Merhaba", qr: null });
  });

  it("'MESAJI BİR DAHA GÖSTERME' hides the note on the server for that code: the next visit shows the thank-you card", async () => {
    const { note } = await placeOrder(null, { giftNote: "Sürpriz!", mediaLink: "youtu.be/xyz" });
    const other = await placeOrder(null, { giftNote: "Başka not" });
    const form = new URLSearchParams({ intent: "hide" });
    const post = request(`/s/${note!.code}`, undefined, {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://shop.test", "sec-fetch-site": "same-origin" },
    });
    const r = (await call(viewerAction, post, { id: note!.code })) as { data: unknown };
    expect(r.data).toEqual({ ok: true });
    const after = await notes.viewer(app, note!.code);
    expect(after).toMatchObject({ hasMessage: true, messageActive: false, notes: "", link: null });
    expect((await view(note!.code)).data.overlayOpen).toBe(false);
    // only that code
    expect((await notes.viewer(app, other.note!.code))!.messageActive).toBe(true);
    // a cross-site post is refused
    const forged = request(`/s/${other.note!.code}`, undefined, { method: "POST", body: new URLSearchParams({ intent: "hide" }), headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" } });
    await expect(call(viewerAction, forged, { id: other.note!.code })).rejects.toMatchObject({ init: { status: 403 } });
    expect((await notes.viewer(app, other.note!.code))!.messageActive).toBe(true);
  });

  it("the printed note carries a QR code and the short address of the viewer when a link exists", async () => {
    const { note, order } = await placeOrder(null, { giftNote: "Seni seviyorum", mediaLink: "https://example.com/video" });
    const printed = await notes.printedNote(app, order.id);
    expect(printed!.notes).toBe("Seni seviyorum");
    expect(printed!.qr).toMatchObject({ url: `https://shop.test/s/${note!.code}`, shortAddress: `shop.test/s/${note!.code}`, code: note!.code });
    expect(printed!.qr!.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(printed!.qr!.image.split(",")[1]!, "base64").toString()).toContain("<svg");
    // without a link: the note only
    const plain = await placeOrder(null, { giftNote: "Sadece not" });
    expect(await notes.printedNote(app, plain.order.id)).toEqual({ notes: "Sadece not", qr: null });
    // no note at all
    const none = await placeOrder(null);
    expect(none.note).toBeNull();
    expect(await notes.printedNote(app, none.order.id)).toBeNull();
  });
});
