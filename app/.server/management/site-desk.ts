import type { AppContext } from "../context";
import * as audit from "../audit/service";
import * as campaigns from "../campaigns/service";
import * as catalog from "../catalog/service";
import * as contact from "../contact/service";
import * as geo from "../geo/service";
import * as settings from "../settings/service";
import * as site from "../site/service";
import { failed, ok, type Outcome, type Staff } from "./outcome";
import { MESSAGES_PAGE_SIZE, type MessageState } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

/**
 * The site (issue 12 item 8): maintenance on or off with its note (sanitised HTML), the red top and green
 * bottom messages, the city campaigns (HEDEF81 on or off, its introduction package, the cities it has
 * reached; FreeCity's cities) and the contact-form inbox with its read / answered state.
 */

const N = managementTr.notices;

export async function sitePage(app: AppContext) {
  const [status, all, reached, cities] = await Promise.all([site.getStatus(app), settings.getSettings(app), campaigns.reachedCities(app), geo.listCities(app)]);
  const intro = await catalog.getProduct(app, all.campaign.introProductId);
  return {
    status: { maintenance: status.maintenance, maintenanceNote: status.maintenanceNote, topMsg: status.topMsg, botMsg: status.botMsg },
    campaign: { ...all.campaign, introName: intro?.name ?? null },
    reached: reached.map((r) => ({ ...r, reachedAt: r.reachedAt.toISOString() })),
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
  };
}

/**
 * Maintenance on or off, written to the audit log with who did it: a staff member in the panel, or `cli` for
 * `npm run site -- maintenance …` (issue 22). Without a note the stored one stays.
 */
export async function setMaintenance(app: AppContext, staff: Pick<Staff, "actor">, on: boolean, note?: string): Promise<Outcome> {
  const before = await site.getStatus(app);
  return app.db.transaction(async (tx) => {
    const written = await site.writeMaintenance(app, tx, on, note);
    await audit.record(app, tx, {
      actor: staff.actor,
      action: "site.maintenance",
      entity: "site",
      entityId: "status",
      before: { maintenance: before.maintenance, note: before.maintenanceNote },
      after: { maintenance: written.maintenance, note: written.maintenanceNote },
    });
    return ok(on ? N.maintenanceOn : N.maintenanceOff);
  });
}

/** The red top and green bottom messages (undefined: unchanged), audited like maintenance. */
export async function setMessages(app: AppContext, staff: Pick<Staff, "actor">, top: string | undefined, bottom: string | undefined): Promise<Outcome> {
  const before = await site.getStatus(app);
  return app.db.transaction(async (tx) => {
    const written = await site.writeMessages(app, tx, { top, bottom });
    await audit.record(app, tx, {
      actor: staff.actor,
      action: "site.messages",
      entity: "site",
      entityId: "status",
      before: { top: before.topMsg, bottom: before.botMsg },
      after: { top: written.topMsg, bottom: written.botMsg },
    });
    return ok(N.messagesSaved);
  });
}

export async function setCampaign(app: AppContext, staff: Staff, c: { hedef81Active: boolean; introProductId: number; freeCityIds: number[] }): Promise<Outcome> {
  if (!(await catalog.getProduct(app, c.introProductId))) return failed(N.introUnknown, { introProductId: N.introUnknown });
  const known = new Set((await geo.listCities(app)).map((x) => x.id));
  const unknown = c.freeCityIds.filter((id) => !known.has(id));
  if (unknown.length) return failed(fmt(N.citiesUnknown, { ids: unknown.join(", ") }), { freeCityIds: fmt(N.citiesUnknown, { ids: unknown.join(", ") }) });
  const before = (await settings.getSettings(app)).campaign;
  const after = { ...c, freeCityIds: [...new Set(c.freeCityIds)].sort((a, b) => a - b) };
  return app.db.transaction(async (tx) => {
    await settings.setSetting(app, "campaign", after, tx);
    await audit.record(app, tx, { actor: staff.actor, action: "site.campaign", entity: "settings", entityId: "campaign", before, after });
    return ok(N.campaignSaved);
  });
}

/** Marks a city reached by HEDEF81 (true: its first order is no longer 1 TL) or not yet reached (false). */
export async function setReached(app: AppContext, staff: Staff, cityId: number, reached: boolean): Promise<Outcome> {
  const city = await geo.getCity(app, cityId);
  if (!city) return failed(N.citiesUnknown.replace("{ids}", String(cityId)), { cityId: N.citiesUnknown.replace("{ids}", String(cityId)) });
  return app.db.transaction(async (tx) => {
    if (!(await campaigns.setReached(app, tx, cityId, reached))) return ok(N.noChanges);
    await audit.record(app, tx, { actor: staff.actor, action: "site.hedef81", entity: "city", entityId: cityId, before: { reached: !reached }, after: { reached } });
    return ok(fmt(reached ? N.cityReached : N.cityUnreached, { city: city.name }));
  });
}

// ─── contact inbox ──────────────────────────────────────────────────────────────────────────────

function messageView(m: contact.ContactMessage) {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    findus: m.findus,
    news: m.news,
    message: m.message,
    createdAt: m.createdAt.toISOString(),
    readAt: m.readAt?.toISOString() ?? null,
    answeredAt: m.answeredAt?.toISOString() ?? null,
    state: contact.stateOf(m),
  };
}

export async function inbox(app: AppContext, f: { state: MessageState | ""; q: string; page: number }) {
  const [{ rows, total }, unread] = await Promise.all([contact.inbox(app, { ...f, pageSize: MESSAGES_PAGE_SIZE }), contact.countNew(app)]);
  return {
    total,
    unread,
    pages: Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE)),
    rows: rows.map((m) => ({ ...messageView(m), message: m.message.length > 140 ? `${m.message.slice(0, 140)}…` : m.message })),
  };
}

export async function message(app: AppContext, id: number) {
  const m = await contact.getMessage(app, id);
  return m ? messageView(m) : null;
}

export async function setMessageState(app: AppContext, staff: Staff, id: number, state: MessageState): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const r = await contact.setState(app, tx, id, state, staff.actor);
    if (!r) return failed(managementTr.errors.notFoundBody);
    if (r.before === r.after) return ok(N.noChanges);
    await audit.record(app, tx, { actor: staff.actor, action: "contact.state", entity: "contact", entityId: id, before: { state: r.before }, after: { state: r.after } });
    return ok(managementTr.messages.stateChanged[state]);
  });
}
