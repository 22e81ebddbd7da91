import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import * as site from "./service";
import { seedAll } from "../seed";
import { menuItems } from "../db/schema/site";
import { eq } from "drizzle-orm";
import { parseCommand, runCommand, UsageError } from "../cli/commands";
import * as audit from "../audit/service";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("site status", () => {
  it("is seeded with the bottom message and no maintenance", async () => {
    const s = await site.getStatus(app);
    expect(s.maintenance).toBe(false);
    expect(s.botMsg).toBe("Hediyenizle birlikte resim, müzik, video gönderebilirsiniz!");
    expect(s.botKey).toMatch(/^[\w-]{10}$/);
  });

  it("maintenance on stores a sanitised note and invalidates the cache", async () => {
    const s = await site.setMaintenance(app, true, '<p onclick="x()">Bakım <a href="javascript:alert(1)">link</a></p><script>alert(1)</script>');
    expect(s.maintenance).toBe(true);
    expect(s.maintenanceNote).not.toMatch(/script|onclick|javascript/);
    expect(s.maintenanceNote).toContain("<p>Bakım");
    expect((await site.getStatus(app)).maintenance).toBe(true);
    const off = await site.setMaintenance(app, false);
    expect(off.maintenance).toBe(false);
    expect(off.maintenanceNote).toContain("Bakım"); // the note stays for next time
  });

  it("messages change their key so a dismissed message reappears when its text changes", async () => {
    const a = await site.setMessages(app, { top: "Kargo gecikmesi" });
    const b = await site.setMessages(app, { top: "Yeni duyuru" });
    expect(a.topKey).not.toBe(b.topKey);
    const cleared = await site.setMessages(app, { top: "" });
    expect(cleared.topMsg).toBe("");
    expect(cleared.topKey).toBe("");
  });

  it("menu has pages 1–11 with 9–11 under 8", async () => {
    const menu = await site.getMenu(app);
    expect(menu.map((t) => t.pageId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(menu.filter((t) => t.parentPageId === 8).map((t) => t.pageId)).toEqual([9, 10, 11]);
  });

  it("seeding again does not bring back what staff deleted", async () => {
    await app.db.delete(menuItems).where(eq(menuItems.pageId, 4));
    expect(await seedAll(app.database)).toEqual([]);
    const rows = await app.db.select().from(menuItems).where(eq(menuItems.pageId, 4));
    expect(rows).toHaveLength(0);
  });

  it("CLI commands parse and run", async () => {
    expect(() => parseCommand(["maintenance", "belki"])).toThrow(UsageError);
    expect(await runCommand(app, parseCommand(["maintenance", "on", "--note", "<p>x</p>"]))).toMatch(/açık/);
    expect(await runCommand(app, parseCommand(["message", "--bottom", "Alt"]))).toMatch(/Alt/);
    expect(await runCommand(app, parseCommand(["maintenance", "off"]))).toMatch(/kapalı/);
  });
  it("the CLI's maintenance and message changes are in the audit log like the panel's, by 'cli' (issue 22)", async () => {
    await runCommand(app, parseCommand(["maintenance", "on", "--note", "<p>Fırın bakımda</p>"]));
    await runCommand(app, parseCommand(["message", "--top", "Bayramda kargo yok"]));
    await runCommand(app, parseCommand(["maintenance", "off"]));
    const log = await audit.list(app, { entity: "site" });
    expect(log.slice(0, 3).map((e) => [e.actor, e.action, e.after])).toEqual([
      ["cli", "site.maintenance", { maintenance: false }],
      ["cli", "site.messages", { top: "Bayramda kargo yok" }],
      ["cli", "site.maintenance", { maintenance: true, note: "<p>Fırın bakımda</p>" }],
    ]);
  });
});
