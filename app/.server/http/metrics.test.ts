import { describe, expect, it } from "vitest";
import { routeMatcher } from "./metrics";

describe("route labels of the request log and the metrics", () => {
  // the shape of the server build's `routes` (flat, with parent ids)
  const routes = {
    root: { id: "root", path: "" },
    home: { id: "home", path: "home", parentId: "root" },
    product: { id: "product", path: "product/:productId", parentId: "root" },
    management: { id: "management", path: "management", parentId: "root" },
    managementHome: { id: "managementHome", index: true, parentId: "management" },
    managementOrder: { id: "managementOrder", path: "orders/:orderNumber", parentId: "management" },
    notFound: { id: "routes/not-found", path: "*", parentId: "root" },
  };
  const routeOf = routeMatcher(routes);

  it("names the route, not the path, so ids and numbers make no new label", () => {
    expect(routeOf("/home")).toBe("home");
    expect(routeOf("/product/10003")).toBe("product");
    expect(routeOf("/product/20002.data")).toBe("product");
    expect(routeOf("/management")).toBe("managementHome");
    expect(routeOf("/management/orders/2026-000123")).toBe("managementOrder");
  });
  it("the server's own paths keep theirs; anything unknown is 'other'", () => {
    expect(routeOf("/healthz")).toBe("/healthz");
    expect(routeOf("/assets/root-abc123.js")).toBe("/assets");
    expect(routeOf("/uploads/products/ab12.webp")).toBe("/uploads");
    expect(routeOf("/odeme/3ds/xyz/banka")).toBe("/odeme/3ds/:id/banka");
    expect(routeOf("/wp-login.php")).toBe("other");
    expect(routeOf(`/${"a".repeat(300)}`)).toBe("other");
  });
  it("a malformed percent-encoding is 'other', without the router's warning on stderr", () => {
    const warned: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      expect(routeOf("/product/%E0%A4%A")).toBe("other");
    } finally {
      console.warn = warn;
    }
    expect(warned).toEqual([]);
  });
  it("a path asked again gets the same label from memory; thousands of distinct paths keep answering right", () => {
    for (let i = 0; i < 12_000; i++) expect(routeOf(`/product/${i}`)).toBe("product");
    expect(routeOf("/home")).toBe("home");
    expect(routeOf("/wp-login.php")).toBe("other");
    expect(routeOf("/management/orders/2026-000123")).toBe("managementOrder");
  });
});
