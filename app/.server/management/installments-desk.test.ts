import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../db/testing";
import * as audit from "../audit/service";
import { getSettings } from "../settings/service";
import { installmentCampaignsText, setInstallmentCampaigns } from "./installments-desk";
import { installmentsTr } from "~/shared/texts/installments.tr";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("installment campaigns (staff setting)", () => {
  it("none by default; saved lines become the setting, audited with before and after; a bad line is refused and changes nothing", async () => {
    expect((await getSettings(app)).installments.campaigns).toEqual([]);
    expect(await installmentCampaignsText(app)).toBe("");
    expect(await setInstallmentCampaigns(app, { actor: "staff:7" }, "Bonus, World; 3; 150")).toMatchObject({ ok: true, message: installmentsTr.settings.saved });
    expect((await getSettings(app)).installments.campaigns).toEqual([{ families: ["Bonus", "World"], count: 3, minAmount: 15_000 }]);
    const [entry] = await audit.list(app, { entity: "settings", entityId: "installments" });
    expect(entry).toMatchObject({ actor: "staff:7", action: "site.installments", before: { campaigns: [] }, after: { campaigns: [{ families: ["Bonus", "World"], count: 3, minAmount: 15_000 }] } });
    const bad = await setInstallmentCampaigns(app, { actor: "staff:7" }, "Bonus; 3; 150\nWorld; 20; 0");
    expect(bad).toMatchObject({ ok: false, fields: { campaigns: expect.stringContaining("2. satır") } });
    expect(await installmentCampaignsText(app)).toBe("Bonus, World; 3; 150");
    // emptied: no line on product pages again
    expect(await setInstallmentCampaigns(app, { actor: "staff:7" }, "")).toMatchObject({ ok: true });
    expect((await getSettings(app)).installments.campaigns).toEqual([]);
  });
});
