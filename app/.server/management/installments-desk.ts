import type { AppContext } from "../context";
import * as audit from "../audit/service";
import * as settings from "../settings/service";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { campaignLines, parseCampaignLines } from "~/shared/installments";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { fmt } from "~/shared/texts/tr";

/**
 * The seller's bank installment campaigns (issue 27 §3): the product page's "₺X × N taksit" line is made from
 * them. Staff edit them on the Site page as lines of text; every change is audited like the other settings.
 */

export async function installmentCampaignsText(app: AppContext): Promise<string> {
  return campaignLines((await settings.getSettings(app)).installments.campaigns);
}

export async function setInstallmentCampaigns(app: AppContext, staff: Pick<Staff, "actor">, text: string): Promise<Outcome> {
  const parsed = parseCampaignLines(text);
  if (!parsed.ok) {
    const message = fmt(installmentsTr.settings.invalidLine, { line: parsed.line });
    return failed(message, { campaigns: message });
  }
  const before = (await settings.getSettings(app)).installments;
  const after = { campaigns: parsed.campaigns };
  return app.db.transaction(async (tx) => {
    await settings.setSetting(app, "installments", after, tx);
    await audit.record(app, tx, { actor: staff.actor, action: "site.installments", entity: "settings", entityId: "installments", before, after });
    return ok(installmentsTr.settings.saved);
  });
}
