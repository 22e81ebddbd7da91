import { createTestApp, type TestApp } from "../db/testing";
import { users, type UserRole } from "../db/schema/accounts";
import { testPasswordHash } from "../accounts/testing";
import * as accounts from "../accounts/service";

/**
 * Test harness of the management area (issue 12): a test app with a signed-in customer and one staff member
 * of each role, and route modules called as the browser reaches them (session cookie, this session's CSRF
 * token, real database). Used by the area's integration tests; never by the running shop.
 */

export const PASSWORD = "Yonetim-Sifresi-2026";
export const BASE = "https://shop.test";

export type Who = "visitor" | "customer" | "marketing" | "operations" | "admin";
export const STAFF: Who[] = ["admin", "operations", "marketing"];
export const OPS: Who[] = ["admin", "operations"];
export const MARKETING: Who[] = ["admin", "marketing"];
export const ADMIN: Who[] = ["admin"];

export interface Answer {
  status: number;
  location?: string | null;
  data?: unknown;
  response?: Response;
}

/** Runs a loader or action and reads what it answered, thrown or returned. */
export async function answer(run: () => Promise<unknown> | unknown): Promise<Answer> {
  const read = (v: unknown): Answer => {
    if (v instanceof Response) return { status: v.status, location: v.headers.get("location"), response: v };
    if (v && typeof v === "object" && "init" in v && "data" in v) {
      const d = v as { data: unknown; init: { status?: number } | null };
      return { status: d.init?.status ?? 200, data: d.data };
    }
    return { status: 200, data: v };
  };
  try {
    return read(await run());
  } catch (e) {
    if (e instanceof Response || (e && typeof e === "object" && "init" in e)) return read(e);
    throw e;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Fn = (args: any) => unknown;

export interface Harness {
  app: TestApp;
  people: Record<Exclude<Who, "visitor">, { id: number; email: string; cookie: string }>;
  createUser(email: string, role: UserRole, name?: string): Promise<typeof users.$inferSelect>;
  signIn(email: string): Promise<string>;
  /** A loader or action called with `request`. */
  call(fn: Fn, request: Request, params?: Record<string, string>): Promise<Answer>;
  load(who: Who, fn: Fn, path: string, params?: Record<string, string>): Promise<Answer>;
  /** A form post (`body` replaces the fields, e.g. a multipart form with a file); the CSRF token is added. A list of pairs may repeat a field. */
  act(who: Who, fn: Fn, path: string, fields: Record<string, string | Blob> | [string, string][], params?: Record<string, string>): Promise<Answer>;
}

export async function createHarness(opts: { env?: Record<string, string>; now?: string } = {}): Promise<Harness> {
  const app = await createTestApp({ env: { PUBLIC_URL: BASE, ...opts.env }, now: opts.now });
  const createUser = async (email: string, role: UserRole, name = "Test Kişi") => {
    const now = app.clock.now();
    const [u] = await app.db
      .insert(users)
      .values({ email, name, role, passwordHash: await testPasswordHash(PASSWORD), activatedAt: now, createdAt: now, updatedAt: now })
      .returning();
    return u!;
  };
  const signIn = async (email: string) => {
    const r = await accounts.signIn(app, new Request(`${BASE}/auth/login`, { method: "POST" }), { email, password: PASSWORD, ip: `198.51.100.${Math.floor(Math.random() * 200)}` });
    if (!r.ok) throw new Error(`sign-in failed: ${r.error}`);
    return `sid=${r.token}`;
  };
  const people = {} as Harness["people"];
  for (const role of ["customer", "marketing", "operations", "admin"] as const) {
    const u = await createUser(`${role}@kurabiye.test`, role, `${role} kişi`);
    people[role] = { id: u.id, email: u.email, cookie: await signIn(u.email) };
  }
  const context = () => ({ app, clientIp: "203.0.113.9", requestId: "test", nonce: "" });
  const cookieOf = (who: Who) => (who === "visitor" ? "" : people[who].cookie);
  const call = (fn: Fn, request: Request, params: Record<string, string> = {}) => answer(() => fn({ request, context: context(), params }));
  return {
    app,
    people,
    createUser,
    signIn,
    call,
    load(who, fn, path, params = {}) {
      const cookie = cookieOf(who);
      return call(fn, new Request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} }), params);
    },
    async act(who, fn, path, fields, params = {}) {
      const cookie = cookieOf(who);
      const headers: Record<string, string> = { origin: BASE, ...(cookie ? { cookie } : {}) };
      const session = await accounts.getSession(app, new Request(`${BASE}/`, { headers }));
      const body = new FormData();
      body.set("_csrf", session.csrfToken);
      if (Array.isArray(fields)) for (const [k, v] of fields) body.append(k, v);
      else for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return call(fn, new Request(`${BASE}${path}`, { method: "POST", headers, body }), params);
    },
  };
}
