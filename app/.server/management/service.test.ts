import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelOrder } from "../flows/cancel-order";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { TestApp } from "../db/testing";
import { runDueJobs } from "../jobs/service";
import { JOB_HANDLERS } from "../registry";
import { readOutbox, type OutboxMail } from "../mail/outbox";
import { users, type UserRole } from "../db/schema/accounts";
import { savedAddresses } from "../db/schema/checkout";
import { catalogProducts } from "../db/schema/catalog";
import * as accounts from "../accounts/service";
import * as audit from "../audit/service";
import * as catalog from "../catalog/service";
import * as orders from "../orders/service";
import * as payments from "../payments/service";
import * as notes from "../notes/service";
import * as contact from "../contact/service";
import * as fortune from "../fortune/service";
import * as promos from "../promos/service";
import { payWithNewCard, TEST_BUYER } from "../payments/testing";
import { parseCommand, runCommand, UsageError } from "../cli/commands";
import * as management from "./service";
import { ADMIN, BASE, createHarness, MARKETING, OPS, PASSWORD, STAFF, type Fn, type Harness, type Who } from "./testing";
import routeConfig from "~/routes";
import { previousOrderLines } from "~/shared/previous-order";
import * as layoutRoute from "~/routes/management/layout";
import * as homeRoute from "~/routes/management/home";
import * as ordersRoute from "~/routes/management/orders";
import * as orderRoute from "~/routes/management/order";
import * as productionRoute from "~/routes/management/production";
import * as customersRoute from "~/routes/management/customers";
import * as customerRoute from "~/routes/management/customer";
import * as exportRoute from "~/routes/management/customer-export";
import * as consentsExportRoute from "~/routes/management/consents-export";
import * as staffRoute from "~/routes/management/staff";
import * as auditRoute from "~/routes/management/audit";
import * as figuresRoute from "~/routes/management/figures";
import * as notFoundRoute from "~/routes/management/not-found";
import * as catalogRoute from "~/routes/management/catalog";
import * as productRoute from "~/routes/management/product";
import * as menuRoute from "~/routes/management/menu";
import * as pagesRoute from "~/routes/management/pages";
import * as promosRoute from "~/routes/management/promos";
import * as promoRoute from "~/routes/management/promo";
import * as gameRoute from "~/routes/management/game";
import * as periodRoute from "~/routes/management/game-period";
import * as deliveryRoute from "~/routes/management/delivery";
import * as daysRoute from "~/routes/management/delivery-days";
import * as zoneRoute from "~/routes/management/delivery-zone";
import * as siteRoute from "~/routes/management/site";
import * as messagesRoute from "~/routes/management/messages";
import * as messageRoute from "~/routes/management/message";
import * as bulkRoute from "~/routes/management/orders-bulk";
import * as ordersExportRoute from "~/routes/management/orders-export";
import * as productionExportRoute from "~/routes/management/production-export";
import * as productionPrintRoute from "~/routes/management/production-print";
import * as outboxRoute from "~/routes/management/outbox";
import * as alertsRoute from "~/routes/management/alerts";

/**
 * The management area (issue 12) through its route modules, as the browser reaches them: sign-in cookies,
 * CSRF tokens, real database, real sandbox payments, mails in the outbox.
 */

let app: TestApp;
let h: Harness;
let outbox: string;
let people: Harness["people"];

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), "management-outbox-"));
  h = await createHarness({ env: { MAIL_OUTBOX_DIR: outbox } });
  ({ app, people } = h);
});
afterAll(async () => {
  await app.close();
  rmSync(outbox, { recursive: true, force: true });
});

// ─── calling route modules ──────────────────────────────────────────────────────────────────────

const createUser = (email: string, role: UserRole, name?: string) => h.createUser(email, role, name);
const signIn = (email: string) => h.signIn(email);
const call = (fn: Fn, request: Request, params: Record<string, string> = {}) => h.call(fn, request, params);
const load = (who: Who, fn: Fn, path: string, params: Record<string, string> = {}) => h.load(who, fn, path, params);
const act = (who: Who, fn: Fn, path: string, fields: Record<string, string | Blob>, params: Record<string, string> = {}) => h.act(who, fn, path, fields, params);

// ─── orders to work on ──────────────────────────────────────────────────────────────────────────

let orderSeq = 0;
const ADDRESS = {
  delFullName: "Ayşe Yılmaz",
  delAddress: "Moda Caddesi No 12 Daire 3",
  delCityName: "İstanbul",
  delCountyName: "Kadıköy",
  delNeighName: "Caferağa",
  delPhoneNumber: "5321234567",
  delCityId: 34,
  delCountyId: 1,
  delNeighId: 1,
  invFullName: "Ayşe Yılmaz",
  invAddress: "Moda Caddesi No 12 Daire 3",
  invCityName: "İstanbul",
  invCountyName: "Kadıköy",
  invNeighName: "Caferağa",
  invPhoneNumber: "5321234567",
  invCityId: 34,
  invCountyId: 1,
  invNeighId: 1,
  firmName: "",
  taxAuthority: "",
  TID: "",
  type: "Individual",
  isSingleAddress: 1,
};

/** A paid order as checkout leaves it (sandbox card payment, stock reserved). */
async function paidOrder(
  opts: { userId?: number | null; email?: string; deliveryType?: string; deliveryDetails?: string; deliveryOption?: string; readyDate?: string; quantity?: number; address?: Record<string, unknown> } = {},
) {
  const quantity = opts.quantity ?? 2;
  const unitPrice = 12_500;
  const needToPay = unitPrice * quantity;
  const email = opts.email ?? `alici${++orderSeq}@example.com`;
  const { result } = await payWithNewCard(app, { orderRef: `mgmt-${++orderSeq}`, amount: needToPay, card: "5528790000000008", userId: opts.userId ?? null, buyer: { ...TEST_BUYER, email } });
  if (result?.status !== "succeeded") throw new Error(`payment: ${JSON.stringify(result)}`);
  return app.db.transaction(async (tx) => {
    const lines = [{ productId: 10001, name: "Orijinal", packageContent: "6 adet", quantity, unitPrice, originalPrice: unitPrice, taxRateBp: 1000 }];
    expect(await catalog.reserveStock(app, tx, lines)).toEqual({ ok: true });
    return orders.createOrder(
      app,
      tx,
      {
        userId: opts.userId ?? null,
        email,
        deliveryType: opts.deliveryType ?? "Carrier",
        deliveryDetails: opts.deliveryDetails ?? "Standart",
        deliveryOption: opts.deliveryOption ?? null,
        readyDate: opts.readyDate ?? "2026-11-24",
        estimatedDelivery: "2026-11-25",
        address: opts.address ?? ADDRESS,
        giftNote: "İyi ki doğdun!",
        productTotal: needToPay,
        deliveryCost: 0,
        needToPay,
        taxSnapshot: { productRateBp: 1000, deliveryRateBp: 2000 },
        paymentRef: result.paymentId,
      },
      lines,
      "checkout",
    );
  });
}

async function stockOf(id: number): Promise<number> {
  const [row] = await app.db.select({ stock: catalogProducts.stock }).from(catalogProducts).where(eq(catalogProducts.id, id));
  return row!.stock ?? 0;
}

let mailsSeen = 0;
/** Mails sent since the last call. */
async function newMails(): Promise<OutboxMail[]> {
  // until nothing is left: a job may queue a mail (the e-Arşiv invoice's send job mails the buyer)
  while ((await runDueJobs(app, JOB_HANDLERS)) > 0);
  const all = await readOutbox(outbox);
  const fresh = all.slice(mailsSeen);
  mailsSeen = all.length;
  return fresh;
}

// ─── access ─────────────────────────────────────────────────────────────────────────────────────

interface RouteCase {
  file: string;
  path: string;
  params?: Record<string, string>;
  loader?: { fn: Fn; allowed: Who[] };
  actions?: { name: string; fn: Fn; fields: Record<string, string>; allowed: Who[] }[];
  /** the one answer every staff member gets (e.g. 404 of an unknown address inside the area) */
  staffStatus?: number;
}


interface CaseIds {
  orderNumber: string;
  customerId: number;
  productId: number;
  promoId: number;
  periodId: number;
  messageId: number;
}

function routeCases({ orderNumber, customerId, productId, promoId, periodId, messageId }: CaseIds): RouteCase[] {
  const orderParams = { orderNumber };
  const customerParams = { userId: String(customerId) };
  return [
    { file: "routes/management/layout.tsx", path: "/management", loader: { fn: layoutRoute.loader, allowed: STAFF } },
    { file: "routes/management/home.tsx", path: "/management", loader: { fn: homeRoute.loader, allowed: STAFF } },
    {
      file: "routes/management/orders.tsx",
      path: "/management/orders",
      loader: { fn: ordersRoute.loader, allowed: STAFF },
      actions: [{ name: "bulk", fn: ordersRoute.action, fields: { intent: "bulk" }, allowed: OPS }],
    },
    { file: "routes/management/orders-bulk.ts", path: "/management/orders/bulk", actions: [{ name: "chunk", fn: bulkRoute.action, fields: { intent: "bulk" }, allowed: OPS }] },
    { file: "routes/management/orders-export.ts", path: "/management/orders/export", loader: { fn: ordersExportRoute.loader, allowed: STAFF } },
    { file: "routes/management/production-export.ts", path: "/management/production/export", loader: { fn: productionExportRoute.loader, allowed: OPS } },
    { file: "routes/management/production-print.tsx", path: "/management/production/print", loader: { fn: productionPrintRoute.loader, allowed: OPS } },
    {
      file: "routes/management/order.tsx",
      path: `/management/orders/${orderNumber}`,
      params: orderParams,
      loader: { fn: orderRoute.loader, allowed: STAFF },
      actions: [
        { name: "status", fn: orderRoute.action, fields: { intent: "status", to: "nonsense" }, allowed: OPS },
        { name: "shipment", fn: orderRoute.action, fields: { intent: "shipment" }, allowed: OPS },
        { name: "refund", fn: orderRoute.action, fields: { intent: "refund" }, allowed: OPS },
        { name: "note", fn: orderRoute.action, fields: { intent: "note" }, allowed: OPS },
      ],
    },
    { file: "routes/management/production.tsx", path: "/management/production", loader: { fn: productionRoute.loader, allowed: OPS } },
    { file: "routes/management/customers.tsx", path: "/management/customers", loader: { fn: customersRoute.loader, allowed: OPS } },
    {
      file: "routes/management/customer.tsx",
      path: `/management/customers/${customerId}`,
      params: customerParams,
      loader: { fn: customerRoute.loader, allowed: OPS },
      actions: [
        { name: "resend", fn: customerRoute.action, fields: { intent: "resend" }, allowed: OPS },
        { name: "deactivate", fn: customerRoute.action, fields: { intent: "reactivate" }, allowed: OPS },
        { name: "erase", fn: customerRoute.action, fields: { intent: "erase" }, allowed: ADMIN },
        { name: "points", fn: customerRoute.action, fields: { intent: "points" }, allowed: MARKETING },
      ],
    },
    {
      file: "routes/management/catalog.tsx",
      path: "/management/catalog",
      loader: { fn: catalogRoute.loader, allowed: STAFF },
      actions: [{ name: "create", fn: catalogRoute.action, fields: { name: "" }, allowed: MARKETING }],
    },
    {
      file: "routes/management/product.tsx",
      path: `/management/catalog/${productId}`,
      params: { productId: String(productId) },
      loader: { fn: productRoute.loader, allowed: STAFF },
      actions: [
        { name: "product", fn: productRoute.action, fields: { intent: "product" }, allowed: MARKETING },
        { name: "image", fn: productRoute.action, fields: { intent: "image" }, allowed: MARKETING },
        { name: "removeImage", fn: productRoute.action, fields: { intent: "removeImage" }, allowed: MARKETING },
        { name: "stock", fn: productRoute.action, fields: { intent: "stock", stock: "çok" }, allowed: OPS },
        { name: "storefront", fn: productRoute.action, fields: { intent: "storefront" }, allowed: OPS },
      ],
    },
    {
      file: "routes/management/menu.tsx",
      path: "/management/menu",
      loader: { fn: menuRoute.loader, allowed: MARKETING },
      actions: [{ name: "tile", fn: menuRoute.action, fields: { pageId: "1" }, allowed: MARKETING }],
    },
    {
      file: "routes/management/pages.tsx",
      path: "/management/pages",
      loader: { fn: pagesRoute.loader, allowed: MARKETING },
      actions: [{ name: "page", fn: pagesRoute.action, fields: { page: "about", text: "" }, allowed: MARKETING }],
    },
    {
      file: "routes/management/promos.tsx",
      path: "/management/promos",
      loader: { fn: promosRoute.loader, allowed: MARKETING },
      actions: [
        { name: "create", fn: promosRoute.action, fields: { intent: "create" }, allowed: MARKETING },
        { name: "points", fn: promosRoute.action, fields: { intent: "points" }, allowed: MARKETING },
      ],
    },
    {
      file: "routes/management/promo.tsx",
      path: `/management/promos/${promoId}`,
      params: { promoId: String(promoId) },
      loader: { fn: promoRoute.loader, allowed: MARKETING },
      actions: [{ name: "active", fn: promoRoute.action, fields: { active: "on" }, allowed: MARKETING }],
    },
    {
      file: "routes/management/game.tsx",
      path: "/management/game",
      loader: { fn: gameRoute.loader, allowed: MARKETING },
      actions: ["period", "fortuneAdd", "fortuneEdit", "fortuneActive", "follower", "claim", "reject"].map((intent) => ({
        name: intent,
        fn: gameRoute.action,
        fields: { intent },
        allowed: MARKETING,
      })),
    },
    {
      file: "routes/management/game-period.tsx",
      path: `/management/game/periods/${periodId}`,
      params: { periodId: String(periodId) },
      loader: { fn: periodRoute.loader, allowed: MARKETING },
      actions: ["period", "claim", "reject"].map((intent) => ({ name: intent, fn: periodRoute.action, fields: { intent }, allowed: MARKETING })),
    },
    {
      file: "routes/management/delivery.tsx",
      path: "/management/delivery",
      loader: { fn: deliveryRoute.loader, allowed: OPS },
      actions: ["general", "shipping", "thresholds", "cutoffs", "doorSlots", "vipSlots", "lead", "weekdays", "notice", "disabledCities", "pickup", "carrier"].map((intent) => ({
        name: intent,
        fn: deliveryRoute.action,
        // invalid for every form (400): nothing is saved
        fields: { intent, notice: "x".repeat(600), disabledCities: "?", door: "-1", ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [`closed${d}`, "on"])) },
        allowed: OPS,
      })),
    },
    {
      file: "routes/management/delivery-days.tsx",
      path: "/management/delivery/days",
      loader: { fn: daysRoute.loader, allowed: OPS },
      actions: [
        { name: "add", fn: daysRoute.action, fields: { intent: "add" }, allowed: OPS },
        { name: "remove", fn: daysRoute.action, fields: { intent: "remove" }, allowed: OPS },
      ],
    },
    {
      file: "routes/management/delivery-zone.tsx",
      path: "/management/delivery/zone",
      loader: { fn: zoneRoute.loader, allowed: OPS },
      actions: [
        { name: "zone", fn: zoneRoute.action, fields: { intent: "zone" }, allowed: OPS },
        { name: "cityDays", fn: zoneRoute.action, fields: { intent: "cityDays" }, allowed: OPS },
      ],
    },
    {
      file: "routes/management/site.tsx",
      path: "/management/site",
      loader: { fn: siteRoute.loader, allowed: MARKETING },
      actions: ["maintenance", "messages", "campaign", "reach", "unreach"].map((intent) => ({
        name: intent,
        fn: siteRoute.action,
        fields: { intent, note: "x".repeat(6000), top: "x".repeat(400) },
        allowed: MARKETING,
      })),
    },
    { file: "routes/management/messages.tsx", path: "/management/messages", loader: { fn: messagesRoute.loader, allowed: STAFF } },
    {
      file: "routes/management/message.tsx",
      path: `/management/messages/${messageId}`,
      params: { messageId: String(messageId) },
      loader: { fn: messageRoute.loader, allowed: STAFF },
      actions: [{ name: "state", fn: messageRoute.action, fields: { state: "belki" }, allowed: STAFF }],
    },
    {
      file: "routes/management/customer-export.ts",
      path: `/management/customers/${customerId}/export`,
      params: customerParams,
      loader: { fn: exportRoute.loader, allowed: ADMIN },
      actions: [{ name: "export", fn: exportRoute.action, fields: {}, allowed: ADMIN }],
    },
    {
      file: "routes/management/consents-export.ts",
      path: "/management/consents/export",
      loader: { fn: consentsExportRoute.loader, allowed: ADMIN },
      actions: [{ name: "export", fn: consentsExportRoute.action, fields: {}, allowed: ADMIN }],
    },
    {
      file: "routes/management/staff.tsx",
      path: "/management/staff",
      loader: { fn: staffRoute.loader, allowed: ADMIN },
      actions: [{ name: "add", fn: staffRoute.action, fields: { intent: "add", email: "" }, allowed: ADMIN }],
    },
    { file: "routes/management/audit.tsx", path: "/management/audit", loader: { fn: auditRoute.loader, allowed: ADMIN } },
    { file: "routes/management/figures.tsx", path: "/management/figures", loader: { fn: figuresRoute.loader, allowed: STAFF } },
    { file: "routes/management/outbox.tsx", path: "/management/outbox", loader: { fn: outboxRoute.loader, allowed: OPS }, actions: [{ name: "resend", fn: outboxRoute.action, fields: { id: "999999" }, allowed: OPS }] },
    { file: "routes/management/alerts.ts", path: "/management/alerts?after=0", loader: { fn: alertsRoute.loader, allowed: STAFF } },
    { file: "routes/management/not-found.tsx", path: "/management/yok", loader: { fn: notFoundRoute.loader, allowed: STAFF }, staffStatus: 404 },
  ];
}

/** Every route file under the management block of app/routes.ts. */
function managementFiles(): string[] {
  type Node = { file: string; path?: string; children?: Node[] };
  const block = (routeConfig as Node[]).find((r) => r.path === "management");
  const files: string[] = [];
  const walk = (n: Node) => {
    files.push(n.file);
    n.children?.forEach(walk);
  };
  if (block) walk(block);
  return files;
}

describe("access to /management", () => {
  it("every route of the area is in the table below (a new section must say who may use it)", async () => {
    const cases = routeCases({ orderNumber: "x", customerId: 1, productId: 1, promoId: 1, periodId: 1, messageId: 1 }).map((c) => c.file);
    expect(new Set(managementFiles())).toEqual(new Set(cases));
  });

  it("visitors are sent to sign in, customers get 404, staff without the right 403, the others pass — every loader and action", async () => {
    const order = await paidOrder();
    const customer = await createUser("musteri.erisim@example.com", "customer");
    const whos: Who[] = ["visitor", "customer", "marketing", "operations", "admin"];
    const failures: string[] = [];
    const promo = await promos.create(app, { code: "ERISIM-10", kind: "percent", percentBp: 1000 }, "test");
    const period = (await fortune.listPeriods(app))[0]!;
    const sent = await contact.send(app, { name: "Erişim Test", email: "erisim@example.com", findus: "other", news: false, message: "Merhaba" }, "10.9.9.9");
    if (!sent.ok) throw new Error("contact message not stored");
    const ids = { orderNumber: order.orderNumber, customerId: customer.id, productId: 10001, promoId: promo.id, periodId: period.id, messageId: sent.id };
    for (const c of routeCases(ids)) {
      const checks = [
        ...(c.loader ? [{ name: "loader", run: (who: Who) => load(who, c.loader!.fn, c.path, c.params), allowed: c.loader.allowed }] : []),
        ...(c.actions ?? []).map((a) => ({ name: `action ${a.name}`, run: (who: Who) => act(who, a.fn, c.path, a.fields, c.params), allowed: a.allowed })),
      ];
      for (const check of checks) {
        for (const who of whos) {
          const r = await check.run(who);
          const expected =
            who === "visitor"
              ? r.status === 302 && Boolean(r.location?.startsWith("/auth/login?returnUrl=%2Fmanagement"))
              : who === "customer"
                ? r.status === 404
                : c.staffStatus !== undefined
                  ? r.status === c.staffStatus
                  : check.allowed.includes(who)
                    ? ![401, 403, 404].includes(r.status) && r.status < 500
                    : r.status === 403;
          if (!expected) failures.push(`${c.file} ${check.name} as ${who}: ${r.status} ${r.location ?? ""}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("a customer cannot change an order by posting to the area (404, nothing changes)", async () => {
    const order = await paidOrder();
    const r = await act("customer", orderRoute.action, `/management/orders/${order.orderNumber}`, { intent: "status", from: "received", to: "preparing" }, { orderNumber: order.orderNumber });
    expect(r.status).toBe(404);
    expect((await orders.getById(app, order.id))?.status).toBe("received");
  });

  it("marketing sees orders but cannot change status or refund (403, nothing changes)", async () => {
    const order = await paidOrder();
    const path = `/management/orders/${order.orderNumber}`;
    const params = { orderNumber: order.orderNumber };
    const view = await load("marketing", orderRoute.loader, path, params);
    expect(view.status).toBe(200);
    expect((view.data as { may: { change: boolean; refund: boolean } }).may).toEqual({ change: false, refund: false });
    expect((await act("marketing", orderRoute.action, path, { intent: "status", from: "received", to: "preparing" }, params)).status).toBe(403);
    expect((await act("marketing", orderRoute.action, path, { intent: "status", from: "received", to: "cancelled", reason: "x", confirm: "on" }, params)).status).toBe(403);
    expect((await act("marketing", orderRoute.action, path, { intent: "refund", amount: "10", reason: "x", key: "abcdefgh12" }, params)).status).toBe(403);
    const after = await orders.getById(app, order.id);
    expect(after).toMatchObject({ status: "received", refundedAmount: 0 });
  });

  it("operations cannot manage staff or read the audit log", async () => {
    expect((await load("operations", staffRoute.loader, "/management/staff")).status).toBe(403);
    expect((await act("operations", staffRoute.action, "/management/staff", { intent: "add", email: "yeni@kurabiye.test", role: "admin" })).status).toBe(403);
    expect(await accounts.findUserByEmail(app, "yeni@kurabiye.test")).toBeUndefined();
    expect((await load("operations", auditRoute.loader, "/management/audit")).status).toBe(403);
  });

  it("an action without this session's CSRF token is refused", async () => {
    const order = await paidOrder();
    const req = new Request(`${BASE}/management/orders/${order.orderNumber}`, {
      method: "POST",
      headers: { origin: BASE, cookie: people.operations.cookie },
      body: new URLSearchParams({ intent: "status", from: "received", to: "preparing", _csrf: "wrong" }),
    });
    const r = await call(orderRoute.action, req, { orderNumber: order.orderNumber });
    expect(r.status).toBe(403);
    expect(r.data).toEqual({ reason: "csrf" });
    expect((await orders.getById(app, order.id))?.status).toBe("received");
  });

  it("a staff session ends after 30 idle minutes (a customer's lasts much longer)", async () => {
    const staff = await createUser("bosta@kurabiye.test", "operations");
    const member = await createUser("bosta.uye@example.com", "customer");
    const [s, m] = [await signIn(staff.email), await signIn(member.email)];
    const who = (cookie: string) => accounts.getSession(app, new Request(`${BASE}/`, { headers: { cookie } })).then((x) => x.user?.email ?? null);
    app.clock.advance(29 * 60_000);
    expect(await who(s)).toBe(staff.email);
    app.clock.advance(30 * 60_000 + 1000);
    expect(await who(s)).toBeNull();
    expect(await who(m)).toBe(member.email);
    const r = await call(ordersRoute.loader, new Request(`${BASE}/management/orders`, { headers: { cookie: s } }));
    expect(r.status).toBe(302);
    expect(r.location).toBe("/auth/login?returnUrl=%2Fmanagement%2Forders");
    // the signed-in people of the other tests sign in again
    for (const p of Object.values(people)) p.cookie = await signIn(p.email);
  });
});

// ─── orders ─────────────────────────────────────────────────────────────────────────────────────

describe("order desk", () => {
  it("moves an order received → preparing → ready → shipped with a tracking number: events, audit, shipped mail, member area", async () => {
    const member = await createUser("uye.kargo@example.com", "customer", "Kargo Üye");
    const order = await paidOrder({ userId: member.id, email: member.email });
    const path = `/management/orders/${order.orderNumber}`;
    const params = { orderNumber: order.orderNumber };
    await newMails();
    for (const [from, to] of [
      ["received", "preparing"],
      ["preparing", "ready"],
    ] as const) {
      const r = await act("operations", orderRoute.action, path, { intent: "status", from, to }, params);
      expect(r).toMatchObject({ status: 200, data: { ok: true } });
    }
    // shipped needs a carrier and a tracking number (same schema in the browser and here)
    const missing = await act("operations", orderRoute.action, path, { intent: "status", from: "ready", to: "shipped" }, params);
    expect(missing.status).toBe(400);
    expect((missing.data as { fields: Record<string, string> }).fields).toMatchObject({ carrier: expect.any(String), trackingNumber: expect.any(String) });
    const shipped = await act("operations", orderRoute.action, path, { intent: "status", from: "ready", to: "shipped", carrier: "aras", trackingNumber: "AR 123 456 789" }, params);
    expect(shipped).toMatchObject({ status: 200, data: { ok: true, message: "Sipariş durumu 'Kargoya verildi' olarak güncellendi." } });

    const row = await orders.getById(app, order.id);
    expect(row).toMatchObject({ status: "shipped", carrier: "Aras Kargo", trackingNumber: "AR123456789" });
    const events = await orders.eventsOf(app, order.id);
    expect(events.map((e) => [e.toStatus, e.actor])).toEqual([
      ["received", "checkout"],
      ["preparing", `staff:${people.operations.id}`],
      ["ready", `staff:${people.operations.id}`],
      ["shipped", `staff:${people.operations.id}`],
    ]);
    const entries = await audit.list(app, { entity: "order", entityId: String(order.id) });
    expect(entries.map((e) => e.action)).toEqual(["order.status", "order.status", "order.status"]);
    expect(entries[0]).toMatchObject({ actor: `staff:${people.operations.id}`, before: { status: "ready", carrier: null }, after: { status: "shipped", carrier: "Aras Kargo", trackingNumber: "AR123456789" } });

    const mails = await newMails();
    // issue 26 §2: handing the order to the carrier issues its e-Arşiv invoice, mailed once the provider has it
    expect(mails.map((m) => m.subject)).toEqual([`Siparişiniz kargoya verildi – ${order.orderNumber}`, expect.stringMatching(new RegExp(`^e-Arşiv faturanız: KRB2026\\d{9} \\(sipariş ${order.orderNumber}\\)$`))]);
    expect(mails[1]!.to).toContain(member.email);
    expect(mails[0]!.to).toContain(member.email);
    expect(mails[0]!.text).toContain("Aras Kargo");
    expect(mails[0]!.text).toContain("https://kargotakip.araskargo.com.tr/mainpage.aspx?code=AR123456789");

    const [mine] = await accounts.memberOrders(app, member.id);
    expect(previousOrderLines(mine!)).toEqual(["Taşıyıcı: Aras Kargo", "Takip No: AR123456789"]);

    // a typo in the tracking number is corrected; the customer gets the link again
    const fix = await act("operations", orderRoute.action, path, { intent: "shipment", carrier: "aras", trackingNumber: "AR123456780" }, params);
    expect(fix).toMatchObject({ status: 200, data: { ok: true } });
    expect((await newMails()).map((m) => m.text.includes("AR123456780"))).toEqual([true]);
    expect((await audit.list(app, { entity: "order", entityId: String(order.id) }))[0]).toMatchObject({ action: "order.shipment", before: { trackingNumber: "AR123456789" } });

    // the order page shows it all
    const page = await load("operations", orderRoute.loader, path, params);
    const d = page.data as Awaited<ReturnType<typeof management.orderDetail>> & object;
    expect(d.order).toMatchObject({ status: "shipped", trackingNumber: "AR123456780", giftNote: "İyi ki doğdun!" });
    expect(d.moves).toEqual(["delivered"]);
    expect(d.print).toEqual({ invoice: `/printinvoice/${order.publicId}`, note: `/printnote/${order.publicId}` });
    expect(d.payment).toMatchObject({ status: "succeeded", amount: 25_000 });
    expect(d.attempts.map((a) => a.kind)).toContain("3ds_complete");
    expect(d.timeline.map((e) => e.kind)).toEqual(["status", "status", "status", "status", "order.shipment"]);
  });

  it("a stale form (the order moved meanwhile) and an illegal move are refused with a notice", async () => {
    const order = await paidOrder();
    const path = `/management/orders/${order.orderNumber}`;
    const params = { orderNumber: order.orderNumber };
    await orders.transition(app, order.id, "preparing", "staff:99");
    const stale = await act("operations", orderRoute.action, path, { intent: "status", from: "received", to: "preparing" }, params);
    expect(stale).toMatchObject({ status: 409, data: { ok: false } });
    const jump = await act("operations", orderRoute.action, path, { intent: "status", from: "preparing", to: "delivered" }, params);
    expect(jump).toMatchObject({ status: 409, data: { ok: false, message: "Bu sipariş 'Hazırlanıyor (fırına girdi)' durumundan 'Teslim edildi' durumuna geçirilemez." } });
    // a carrier order cannot go 'out for delivery' with the courier
    await orders.transition(app, order.id, "ready", "staff:99");
    const wrong = await act("operations", orderRoute.action, path, { intent: "status", from: "ready", to: "outfordelivery" }, params);
    expect(wrong).toMatchObject({ status: 409, data: { ok: false } });
    expect((await orders.getById(app, order.id))?.status).toBe("ready");
  });

  it("courier and pickup orders: out for delivery and ready for pickup mail the customer and set Adrese / Elden", async () => {
    const courier = await paidOrder({ deliveryType: "Delivery", deliveryDetails: "14:00-16:00" });
    const pickup = await paidOrder({ deliveryType: "Store", deliveryDetails: "15:00" });
    await newMails();
    for (const [o, last] of [
      [courier, "outfordelivery"],
      [pickup, "collected"],
    ] as const) {
      for (const [from, to] of [
        ["received", "preparing"],
        ["preparing", "ready"],
        ["ready", last],
      ] as const) {
        const r = await act("operations", orderRoute.action, `/management/orders/${o.orderNumber}`, { intent: "status", from, to }, { orderNumber: o.orderNumber });
        expect(r.status).toBe(200);
      }
    }
    expect((await orders.getById(app, courier.id))?.carrier).toBe("Adrese");
    expect((await orders.getById(app, pickup.id))?.carrier).toBe("Elden");
    // each handover also issues the order's e-Arşiv invoice, mailed to the buyer (issue 26 §2)
    const subjects = (await newMails()).map((m) => m.subject).filter((s) => !s.startsWith("e-Arşiv faturanız: ")).sort();
    expect(subjects).toEqual([`Siparişiniz dağıtımda – ${courier.orderNumber}`, `Siparişiniz teslim almaya hazır – ${pickup.orderNumber}`].sort());
  });

  it("cancel: stock back, card refunded, the customer mailed (cancelled and refunded), audited; needs a reason and the confirmation", async () => {
    const order = await paidOrder({ quantity: 3 });
    const path = `/management/orders/${order.orderNumber}`;
    const params = { orderNumber: order.orderNumber };
    const stockBefore = await stockOf(10001);
    await newMails();
    const unconfirmed = await act("operations", orderRoute.action, path, { intent: "status", from: "received", to: "cancelled", reason: "" }, params);
    expect(unconfirmed.status).toBe(400);
    expect(Object.keys((unconfirmed.data as { fields: object }).fields).sort()).toEqual(["confirm", "reason"]);
    const r = await act("operations", orderRoute.action, path, { intent: "status", from: "received", to: "cancelled", reason: "Müşteri aradı", confirm: "on" }, params);
    expect(r).toMatchObject({ status: 200, data: { ok: true, message: "Sipariş iptal edildi ve ödeme iade edildi." } });
    const row = await orders.getById(app, order.id);
    expect(row).toMatchObject({ status: "refunded", refundedAmount: order.needToPay });
    expect(await stockOf(10001)).toBe(stockBefore + 3);
    const subjects = (await newMails()).map((m) => m.subject);
    expect(subjects).toContain(`Siparişiniz iptal edildi – ${order.orderNumber}`);
    // the payment's mail names the order by its number (written on the payment at the refund, not at the order)
    expect(subjects.some((s) => s === `Ödemeniz iptal edildi – Sipariş ${order.orderNumber}` || s === `Ödemeniz iade edildi – Sipariş ${order.orderNumber}`)).toBe(true);
    const [entry] = await audit.list(app, { entity: "order", entityId: String(order.id) });
    expect(entry).toMatchObject({ action: "order.cancel", before: { status: "received" }, after: { status: "cancelled", reason: "Müşteri aradı" } });
  });

  it("partial refund through the provider, once per form; a delivered order refunded in full becomes 'refunded'", async () => {
    const order = await paidOrder();
    const path = `/management/orders/${order.orderNumber}`;
    const params = { orderNumber: order.orderNumber };
    await newMails();
    const bad = await act("operations", orderRoute.action, path, { intent: "refund", amount: "abc", reason: "", key: "form-key-1" }, params);
    expect(Object.keys((bad.data as { fields: object }).fields).sort()).toEqual(["amount", "reason"]);
    const full = await act("operations", orderRoute.action, path, { intent: "refund", amount: "250", reason: "hepsi", key: "form-key-0" }, params);
    expect(full).toMatchObject({ status: 409, data: { ok: false, message: "Teslim edilmemiş bir siparişin tamamı iade edilemez; siparişi iptal edin." } });
    const fields = { intent: "refund", amount: "45,50", reason: "Bir kurabiye kırık geldi", key: "form-key-2" };
    const r = await act("operations", orderRoute.action, path, fields, params);
    expect(r).toMatchObject({ status: 200, data: { ok: true, message: "₺45,50 iade edildi." } });
    const again = await act("operations", orderRoute.action, path, fields, params);
    expect(again.status).toBe(200);
    expect((await orders.getById(app, order.id))?.refundedAmount).toBe(4_550);
    expect((await payments.getPayment(app, order.paymentRef!))?.refundedAmount).toBe(4_550);
    expect((await newMails()).filter((m) => m.subject === `Ödemeniz iade edildi – Sipariş ${order.orderNumber}`)).toHaveLength(1);
    expect((await audit.list(app, { entity: "order", entityId: String(order.id) }))[0]).toMatchObject({ action: "order.refund", after: { refunded: 4_550, amount: 4_550 } });

    for (const to of ["preparing", "ready", "shipped", "delivered"] as const) await orders.transition(app, order.id, to, "staff:99");
    const rest = await act("operations", orderRoute.action, path, { intent: "refund", amount: "204,50", reason: "iade", key: "form-key-3" }, params);
    expect(rest).toMatchObject({ status: 200, data: { ok: true } });
    expect(await orders.getById(app, order.id)).toMatchObject({ status: "refunded", refundedAmount: 25_000 });
  });

  it("lists orders with filters on the server: search, status, delivery type, city, same day, dates, pages", async () => {
    const courier = await paidOrder({ deliveryType: "Delivery", deliveryDetails: "10:00-12:00", readyDate: "2026-11-23", address: { ...ADDRESS, delFullName: "Zeynep Aydın", delCityId: 6, delCityName: "Ankara" } });
    const list = async (q: string) => (await load("marketing", ordersRoute.loader, `/management/orders?${q}`)).data as Awaited<ReturnType<typeof ordersRoute.loader>>;
    expect((await list("q=zeynep")).rows.map((r) => r.orderNumber)).toEqual([courier.orderNumber]);
    expect((await list(`q=${courier.orderNumber}`)).total).toBe(1);
    expect((await list("city=6")).rows.map((r) => r.orderNumber)).toEqual([courier.orderNumber]);
    expect((await list("sameDay=1")).rows.map((r) => r.orderNumber)).toEqual([courier.orderNumber]);
    expect((await list("deliveryType=Delivery&status=received")).rows.map((r) => r.orderNumber)).toContain(courier.orderNumber);
    expect((await list("dateOf=ready&from=2026-11-23&to=2026-11-23")).rows.map((r) => r.orderNumber)).toEqual([courier.orderNumber]);
    expect((await list("status=bogus&page=-3")).filter).toMatchObject({ status: "", page: 1 });
    const all = await list("");
    expect(all.rows.length).toBe(Math.min(25, all.total));
    expect(all.pages).toBe(Math.ceil(all.total / 25));
  });
});

// ─── production board ───────────────────────────────────────────────────────────────────────────

describe("production board", () => {
  it("sums what to bake for the day (cancelled left out) and lists door deliveries per slot", async () => {
    const day = "2026-12-02";
    const a = await paidOrder({ readyDate: day, quantity: 2, deliveryType: "Delivery", deliveryDetails: "14:00-16:00", address: { ...ADDRESS, delFullName: "Ali Kurye" } });
    const b = await paidOrder({ readyDate: day, quantity: 3, deliveryType: "Delivery", deliveryDetails: "10:00-12:00", deliveryOption: "DeliveryMorning", address: { ...ADDRESS, delFullName: "Veli Sabah" } });
    await paidOrder({ readyDate: day, quantity: 1 });
    const cancelled = await paidOrder({ readyDate: day, quantity: 5, deliveryType: "Delivery", deliveryDetails: "14:00-16:00" });
    await cancelOrder(app, cancelled.id, { actor: "staff:99", reason: "test" });
    const r = await load("operations", productionRoute.loader, `/management/production?day=${day}`);
    const board = r.data as Awaited<ReturnType<typeof management.productionBoard>>;
    expect(board.day).toBe(day);
    expect(board.bake).toEqual([{ productId: 10001, name: "Orijinal", variant: "", packageContent: "6 adet", units: 6, orders: 3 }]);
    expect(board.totals).toEqual({ units: 6, orders: 3 });
    expect(board.slots.map((s) => [s.slot, s.stops.map((x) => x.orderNumber)])).toEqual([
      ["10:00-12:00", [b.orderNumber]],
      ["14:00-16:00", [a.orderNumber]],
    ]);
    expect(board.slots[1]!.stops[0]).toMatchObject({ recipient: "Ali Kurye", phone: "5321234567", area: "Caferağa, Kadıköy, İstanbul", items: "2 × Orijinal", hasNote: true, vip: false });
    // a VIP courier slot is marked (its hours alone do not say so)
    expect(board.slots[0]!.stops[0]).toMatchObject({ recipient: "Veli Sabah", vip: true });
    // without a day: today (Istanbul)
    expect(((await load("operations", productionRoute.loader, "/management/production")).data as { day: string }).day).toBe("2026-11-23");
  });
});

// ─── customers ──────────────────────────────────────────────────────────────────────────────────

describe("customers", () => {
  it("search, detail with orders and points, deactivate (no sign-in) and reactivate, audited", async () => {
    const c = await createUser("fatma.demir@example.com", "customer", "Fatma Demir");
    const order = await paidOrder({ userId: c.id, email: c.email });
    const list = (await load("operations", customersRoute.loader, "/management/customers?q=fatma")).data as Awaited<ReturnType<typeof customersRoute.loader>>;
    expect(list.rows.map((r) => r.email)).toEqual([c.email]);
    const detail = (await load("operations", customerRoute.loader, `/management/customers/${c.id}`, { userId: String(c.id) })).data as Awaited<ReturnType<typeof management.customerDetail>> & object;
    expect(detail.orders.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    expect(detail.points.available).toBe(0);
    expect(detail.may).toEqual({ manage: true, privacy: false, orders: true, points: false });

    const cookie = await signIn(c.email);
    const off = await act("operations", customerRoute.action, `/management/customers/${c.id}`, { intent: "deactivate" }, { userId: String(c.id) });
    expect(off).toMatchObject({ status: 200, data: { ok: true } });
    expect((await accounts.getSession(app, new Request(`${BASE}/`, { headers: { cookie } }))).user).toBeNull();
    expect(await accounts.signIn(app, new Request(`${BASE}/auth/login`), { email: c.email, password: PASSWORD, ip: "198.51.100.250" })).toMatchObject({ ok: false });
    const on = await act("operations", customerRoute.action, `/management/customers/${c.id}`, { intent: "reactivate" }, { userId: String(c.id) });
    expect(on).toMatchObject({ status: 200, data: { ok: true } });
    expect(await accounts.signIn(app, new Request(`${BASE}/auth/login`), { email: c.email, password: PASSWORD, ip: "198.51.100.251" })).toMatchObject({ ok: true });
    expect((await audit.list(app, { entity: "user", entityId: String(c.id) })).map((e) => e.action)).toEqual(["customer.reactivate", "customer.deactivate"]);
  });

  it("resends the activation mail of an account waiting for it", async () => {
    const now = app.clock.now();
    const [c] = await app.db.insert(users).values({ email: "bekleyen@example.com", name: "Bekleyen", role: "customer", createdAt: now, updatedAt: now }).returning();
    await newMails();
    const r = await act("operations", customerRoute.action, `/management/customers/${c!.id}`, { intent: "resend" }, { userId: String(c!.id) });
    expect(r).toMatchObject({ status: 200, data: { ok: true, message: "Aktivasyon e-postası gönderildi." } });
    expect((await newMails()).map((m) => m.to)).toEqual([expect.stringContaining("bekleyen@example.com")]);
  });

  it("KVKK: the admin downloads the personal data as JSON and erases it; the invoice fields stay on the orders", async () => {
    const c = await createUser("silinecek@example.com", "customer", "Silinecek Kişi");
    const now = app.clock.now();
    await app.db.insert(savedAddresses).values({ userId: c.id, fullName: "Silinecek Kişi", address: "Gizli Sokak 1", cityId: 34, countyId: 1, phone: "5329998877", createdAt: now });
    const separate = { ...ADDRESS, isSingleAddress: 0, delFullName: "Hediye Alıcısı", delPhoneNumber: "5551112233", invFullName: "Silinecek Kişi", invAddress: "Fatura Cad. 5", firmName: "Silinecek Ltd", taxAuthority: "Kadıköy", TID: "1234567890", type: "Corporate" };
    const member = await paidOrder({ userId: c.id, email: c.email, address: separate });
    const guest = await paidOrder({ email: c.email });
    await notes.createForOrder(app, app.db, member);
    const message = { name: "Silinecek Kişi", findus: "other" as const, news: false, message: "Kurumsal sipariş için arayın: 0532 999 88 77" };
    expect((await contact.send(app, { ...message, email: c.email }, "10.8.8.8")).ok).toBe(true);
    const othersMessage = await contact.send(app, { ...message, name: "Başka Biri", email: "baska@example.com" }, "10.8.8.9");

    const exported = await act("admin", exportRoute.action, `/management/customers/${c.id}/export`, {}, { userId: String(c.id) });
    expect(exported.status).toBe(200);
    expect(exported.response!.headers.get("content-disposition")).toMatch(/^attachment; filename="kvkk-\d+-2026-11-23\.json"$/);
    const doc = JSON.parse(await exported.response!.text()) as { account: { email: string }; savedAddresses: unknown[]; orders: { orderNumber: string }[]; contactMessages: { message: string }[] };
    expect(doc.contactMessages.map((m) => m.message)).toEqual([message.message]);
    expect(doc.account.email).toBe(c.email);
    expect(doc.savedAddresses).toHaveLength(1);
    expect(doc.orders.map((o) => o.orderNumber).sort()).toEqual([member.orderNumber, guest.orderNumber].sort());
    expect(JSON.stringify(doc)).not.toContain("passwordHash");

    const erased = await act("admin", customerRoute.action, `/management/customers/${c.id}`, { intent: "erase", reason: "E-posta ile başvuru, 23.11.2026", confirm: "on" }, { userId: String(c.id) });
    expect(erased).toMatchObject({ status: 200, data: { ok: true } });
    const [row] = await app.db.select().from(users).where(eq(users.id, c.id));
    expect(row).toMatchObject({ name: "Silinmiş Üye", email: `silindi-${c.id}@kvkk.invalid`, passwordHash: null });
    expect(row!.erasedAt).not.toBeNull();
    expect(await app.db.select().from(savedAddresses).where(eq(savedAddresses.userId, c.id))).toHaveLength(0);
    const kept = await orders.getById(app, member.id);
    expect(kept).toMatchObject({ email: `silindi-${c.id}@kvkk.invalid`, giftNote: "", needToPay: member.needToPay, orderNumber: member.orderNumber });
    expect(kept!.address).toMatchObject({ invFullName: "Silinecek Kişi", invAddress: "Fatura Cad. 5", firmName: "Silinecek Ltd", taxAuthority: "Kadıköy", TID: "1234567890", delFullName: "", delPhoneNumber: "", invPhoneNumber: "" });
    expect(JSON.stringify(kept!.address)).not.toContain("Hediye Alıcısı");
    expect((await orders.getById(app, guest.id))?.email).toBe(`silindi-${c.id}@kvkk.invalid`);
    expect(await notes.findByOrder(app, member.id)).toMatchObject({ notes: "", link: "", isMessageActive: false });
    // the person's contact-form messages are deleted (docs/decisions/0004); someone else's stay
    expect((await contact.inbox(app, { state: "", q: c.email, page: 1, pageSize: 10 })).total).toBe(0);
    expect(othersMessage.ok && (await contact.getMessage(app, othersMessage.id))).toMatchObject({ email: "baska@example.com" });
    expect(await accounts.signIn(app, new Request(`${BASE}/auth/login`), { email: c.email, password: PASSWORD, ip: "198.51.100.252" })).toMatchObject({ ok: false });
    expect((await audit.list(app, { entity: "user", entityId: String(c.id) })).map((e) => e.action)).toEqual(["customer.erase", "customer.export"]);
    const again = await act("admin", customerRoute.action, `/management/customers/${c.id}`, { intent: "erase", reason: "tekrar", confirm: "on" }, { userId: String(c.id) });
    expect(again).toMatchObject({ status: 409, data: { ok: false } });
  });
});

// ─── staff ──────────────────────────────────────────────────────────────────────────────────────

describe("staff", () => {
  it("an admin adds staff (new address: invitation to set a password), changes a role and removes; audited", async () => {
    await newMails();
    const add = await act("admin", staffRoute.action, "/management/staff", { intent: "add", email: "Yeni.Personel@Kurabiye.test", name: "Yeni Personel", role: "marketing" });
    expect(add).toMatchObject({ status: 200, data: { ok: true } });
    const created = (await accounts.findUserByEmail(app, "yeni.personel@kurabiye.test"))!;
    expect(created).toMatchObject({ role: "marketing", name: "Yeni Personel" });
    const [invite] = await newMails();
    expect(invite!.subject).toBe("Kurabiye Atölyesi yönetim paneli hesabınız");
    const code = /https:\/\/shop\.test\/resetpass\/([\w-]+)/.exec(invite!.text)![1]!;
    expect(await accounts.checkResetLink(app, code)).toEqual({ status: 1 });

    const role = await act("admin", staffRoute.action, "/management/staff", { intent: "role", userId: String(created.id), role: "operations" });
    expect(role).toMatchObject({ status: 200, data: { ok: true } });
    const remove = await act("admin", staffRoute.action, "/management/staff", { intent: "remove", userId: String(created.id) });
    expect(remove).toMatchObject({ status: 200, data: { ok: true } });
    expect((await accounts.findUserByEmail(app, created.email))?.role).toBe("customer");
    const entries = await audit.list(app, { entity: "user", entityId: String(created.id) });
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ["staff.remove", `staff:${people.admin.id}`],
      ["staff.role", `staff:${people.admin.id}`],
      ["staff.add", `staff:${people.admin.id}`],
    ]);
    expect(entries[1]).toMatchObject({ before: { role: "marketing" }, after: { role: "operations" } });

    // an existing member becomes staff; the admin cannot change their own role
    const member = await createUser("terfi@example.com", "customer");
    expect(await act("admin", staffRoute.action, "/management/staff", { intent: "add", email: member.email, role: "operations" })).toMatchObject({ data: { ok: true } });
    expect((await accounts.findUserByEmail(app, member.email))?.role).toBe("operations");
    const self = await act("admin", staffRoute.action, "/management/staff", { intent: "role", userId: String(people.admin.id), role: "marketing" });
    expect(self).toMatchObject({ status: 409, data: { ok: false } });
    const badEmail = await act("admin", staffRoute.action, "/management/staff", { intent: "add", email: "değil", role: "marketing" });
    expect(badEmail.status).toBe(400);
  });

  it("the audit page lists entries newest first, 50 a page, with readable names", async () => {
    const r = await load("admin", auditRoute.loader, "/management/audit");
    const page = r.data as Awaited<ReturnType<typeof auditRoute.loader>>;
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.entries.length).toBeLessThanOrEqual(50);
    expect(page.entries.some((e) => e.actor.includes("admin@kurabiye.test"))).toBe(true);
    const ids = page.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    if (page.olderThan) {
      const next = (await load("admin", auditRoute.loader, `/management/audit?before=${page.olderThan}`)).data as typeof page;
      expect(next.entries.every((e) => e.id < page.olderThan!)).toBe(true);
    }
  });

  it("npm run site -- staff add / role / remove / list (audited as 'cli')", async () => {
    expect(() => parseCommand(["staff", "add", "--email", "x@y.z"])).toThrow(UsageError);
    expect(() => parseCommand(["staff", "add", "--email", "x@y.z", "--role", "customer"])).toThrow(UsageError);
    const run = (...argv: string[]) => runCommand(app, parseCommand(argv));
    expect(await run("staff", "add", "--email", "cli.personel@kurabiye.test", "--role", "operations", "--name", "CLI Personel")).toMatch(/cli\.personel@kurabiye\.test için hesap açıldı \(Operasyon\)/);
    expect(await run("staff", "list")).toContain("cli.personel@kurabiye.test\toperations\tCLI Personel");
    expect(await run("staff", "role", "--email", "cli.personel@kurabiye.test", "--role", "admin")).toMatch(/Yönetici/);
    expect(await run("staff", "remove", "--email", "cli.personel@kurabiye.test")).toMatch(/artık personel değil/);
    await expect(run("staff", "remove", "--email", "yok@kurabiye.test")).rejects.toBeInstanceOf(UsageError);
    const user = (await accounts.findUserByEmail(app, "cli.personel@kurabiye.test"))!;
    expect((await audit.list(app, { entity: "user", entityId: String(user.id) })).every((e) => e.actor === "cli")).toBe(true);
  });
});
