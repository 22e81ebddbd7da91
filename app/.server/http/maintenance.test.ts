import { describe, expect, it } from "vitest";
import { passesMaintenance } from "./maintenance";

describe("who passes the maintenance screen", () => {
  it("staff everywhere: the management area and the shop itself", () => {
    for (const p of ["/management", "/management/orders", "/management/orders.data", "/home", "/_root.data", "/memberarea/logout"]) expect(passesMaintenance(p, "staff"), p).toBe(true);
  });
  it("anyone on what staff need to sign in: the sign-in and reset pages, React Router's manifest", () => {
    for (const v of ["anonymous", "customer"] as const) {
      for (const p of ["/auth", "/auth/login", "/auth/login.data", "/auth/reset", "/resetpass/abc123", "/__manifest"]) expect(passesMaintenance(p, v), `${v} ${p}`).toBe(true);
    }
  });
  it("an anonymous visitor on /management (its guard sends them to sign in); customers see the 503 screen", () => {
    expect(passesMaintenance("/management", "anonymous")).toBe(true);
    expect(passesMaintenance("/management/orders.data", "anonymous")).toBe(true);
    for (const p of ["/management", "/management/orders", "/home", "/", "/_root.data", "/basket", "/order/payment", "/authx", "/managementx"]) {
      expect(passesMaintenance(p, "customer"), p).toBe(false);
    }
    for (const p of ["/home", "/_root.data", "/basket", "/memberarea/home", "/managementx"]) expect(passesMaintenance(p, "anonymous"), p).toBe(false);
  });
});
