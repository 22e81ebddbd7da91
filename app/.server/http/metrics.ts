import client from "prom-client";
import { matchRoutes, type RouteObject } from "react-router";
import type { AppContext } from "../context";
import { decodable } from "./guards";
import * as orders from "../orders/service";
import * as payments from "../payments/service";
import { backlog } from "../jobs/service";

/** Routes as the server build lists them (flat, with parent ids). */
type BuildRoutes = Record<string, { id: string; path?: string; index?: boolean; parentId?: string } | undefined>;

/**
 * The route a path belongs to, as a label of few values: the React Router route id (`routes/product`), one of the
 * server's own paths, or `other` (a 404 must not make a new label per path).
 */
export function routeMatcher(routes: BuildRoutes | undefined): (pathname: string) => string {
  const own = ["/healthz", "/readyz", "/metrics", "/__admin/command"];
  const tree: RouteObject[] = [];
  if (routes) {
    const byParent = new Map<string | undefined, RouteObject[]>();
    for (const r of Object.values(routes)) {
      if (!r) continue;
      const list = byParent.get(r.parentId) ?? [];
      list.push(r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: [] });
      byParent.set(r.parentId, list);
    }
    const attach = (list: RouteObject[]) => {
      for (const r of list) if (!r.index) attach((r.children = byParent.get(r.id) ?? []));
    };
    const roots = byParent.get(undefined) ?? [];
    attach(roots);
    tree.push(...roots);
  }
  // matchRoutes ranks the whole route tree again on every call (about as much work as the router's own match of
  // the request): the answer per path is remembered, in a map emptied when it reaches LABEL_CACHE_PATHS
  const known = new Map<string, string>();
  const label = (path: string): string => {
    const m = tree.length ? matchRoutes(tree, path) : null;
    const last = m?.[m.length - 1]?.route.id;
    return last && !last.includes("not-found") && !m?.[m.length - 1]?.route.path?.includes("*") ? last : "other";
  };
  return (pathname) => {
    const path = pathname.endsWith(".data") ? pathname.slice(0, -5) || "/" : pathname;
    if (own.includes(path)) return path;
    if (path.startsWith("/assets/")) return "/assets";
    if (path.startsWith("/uploads/")) return "/uploads";
    if (/^\/odeme\/3ds\/[^/]+\/banka$/.test(path)) return "/odeme/3ds/:id/banka";
    // a malformed percent-encoding is answered 400 by the guards; matchRoutes would only warn about it on stderr
    if (!decodable(path)) return "other";
    let found = known.get(path);
    if (found === undefined) {
      if (known.size >= LABEL_CACHE_PATHS) known.clear();
      known.set(path, (found = label(path)));
    }
    return found;
  };
}

/** Paths whose route label is remembered at most (product pages, search pages: one entry each). */
const LABEL_CACHE_PATHS = 5_000;

export interface Metrics {
  registry: client.Registry;
  /** One answered request (also cached pages answered before Express). */
  observe(method: string, route: string, status: number, seconds: number): void;
  pageCacheHit(): void;
}

/**
 * Prometheus metrics of one process (prom-client): requests and latency by route, and — read from the database
 * when scraped, so every process reports the shop-wide figure — orders placed, payments by result and the job
 * queue; the in-process cache's hits and misses. Served at /metrics with METRICS_TOKEN (server.ts).
 */
export function createMetrics(ctx: AppContext): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "shop_process_" });
  const registers = [registry];
  const requests = new client.Counter({ name: "shop_http_requests_total", help: "HTTP requests answered, by method, route and status", labelNames: ["method", "route", "status"], registers });
  const latency = new client.Histogram({
    name: "shop_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route",
    labelNames: ["method", "route"],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const pageHits = new client.Counter({ name: "shop_page_cache_hits_total", help: "Anonymous pages answered from the page cache", registers });
  new client.Counter({
    name: "shop_orders_placed_total",
    help: "Orders placed (shop-wide, from the database)",
    registers,
    async collect() {
      this.reset();
      this.inc(await orders.countPlaced(ctx));
    },
  });
  new client.Counter({
    name: "shop_payments_total",
    help: "Card payments by result (shop-wide, from the database): succeeded, failed, pending, challenge, expired…",
    labelNames: ["result"],
    registers,
    async collect() {
      this.reset();
      for (const [result, n] of Object.entries(await payments.countByResult(ctx))) this.inc({ result }, n);
    },
  });
  const jobs = () => backlog(ctx);
  let lastJobs: ReturnType<typeof jobs> | undefined;
  const jobsOnce = () => (lastJobs ??= jobs().finally(() => setTimeout(() => (lastJobs = undefined), 1_000).unref()));
  new client.Gauge({ name: "shop_jobs_due", help: "Jobs due and not yet run (backlog)", registers, async collect() { this.set((await jobsOnce()).due); } });
  new client.Gauge({ name: "shop_jobs_oldest_due_seconds", help: "How long the oldest due job has waited", registers, async collect() { this.set((await jobsOnce()).oldestDueSeconds); } });
  new client.Gauge({ name: "shop_jobs_failed", help: "Jobs that gave up after their last attempt", registers, async collect() { this.set((await jobsOnce()).failed); } });
  new client.Counter({
    name: "shop_cache_reads_total",
    help: "Reads of the in-process data cache (catalogue, settings, geography…), by result: hit or miss",
    labelNames: ["result"],
    registers,
    collect() {
      const s = ctx.cache.stats();
      this.reset();
      this.inc({ result: "hit" }, s.hits);
      this.inc({ result: "miss" }, s.misses);
    },
  });
  return {
    registry,
    observe(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    pageCacheHit: () => pageHits.inc(),
  };
}
