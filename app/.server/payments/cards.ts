/** A member's saved cards (SPEC §2.8, §3 Saved card), the BIN lookup for the card logo and the BIN's installment table. */
import type { AppContext } from "../context";
import { cardLogo, cardNumberSchema, cardTypeOf, cardTypeOfAssociation, binOf, lastFour, type CardType } from "~/shared/card";
import type { CardInfo, CardInput } from "./gateway";
import { attempt, cardDetail, gatewayFor, T } from "./calls";
import type { Kurus } from "~/shared/money";
import * as installments from "./installments";
import * as repo from "./repo";

export async function binLookup(app: AppContext, bin: string): Promise<(CardInfo & { type: CardType; logo: string }) | null> {
  if (!/^\d{6}$/.test(bin)) return null;
  return app.cache.get(`payments:bin:${gatewayFor(app).name}:${bin}`, async () => {
    const r = await attempt(app, { kind: "bin", detail: { bin } }, () => gatewayFor(app).binLookup(bin));
    const type = r.ok ? cardTypeOfAssociation(r.association, bin) : cardTypeOf(bin);
    const info: CardInfo = r.ok ? { bin, cardType: r.cardType, association: r.association, family: r.family, bankName: r.bankName } : { bin };
    return { ...info, type, logo: cardLogo(type) };
  });
}

/**
 * A member's saved card read in another module's statement (the flow: the basket's lock at the hold), handed to
 * `startPayment` as `savedCardAsRead` so the payment does not read it again.
 */
export const savedCardCompanion = (userId: number, cardId: number) => repo.cardOfUserCompanion(userId, cardId);

/** The installment table for a card's BIN (6 or 8 digits) and an amount (issue 27; see installments.ts). */
export const installmentTable = (app: AppContext, bin: string, amount: Kurus) => installments.installmentTable(app, gatewayFor(app), bin, amount);

/** SPEC §3 Saved card: cardId, cardLogo, cardBin, cardLastFour, cardType (+ bank for the list). */
export interface SavedCardView {
  cardId: number;
  cardLogo: string;
  cardBin: string;
  cardLastFour: string;
  cardType: CardType;
  cardTypeName: string;
  bankName: string | null;
}

export async function listSavedCards(app: AppContext, userId: number | null | undefined): Promise<SavedCardView[]> {
  if (!userId) return [];
  const provider = gatewayFor(app).name;
  return (await repo.cardsOfUser(app.db, userId))
    .filter((c) => c.provider === provider)
    .map((c) => {
      const type = cardTypeOfAssociation(c.cardAssociation, c.bin);
      return { cardId: c.id, cardLogo: cardLogo(type), cardBin: c.bin, cardLastFour: c.lastFour, cardType: type, cardTypeName: T.cardTypes[type], bankName: c.bankName };
    });
}

/** Deletes a member's card at the provider and here. False when the card is not this member's. */
export async function deleteSavedCard(app: AppContext, userId: number | null | undefined, cardId: number): Promise<boolean> {
  if (!userId) return false;
  const card = await repo.cardOfUser(app.db, userId, cardId);
  if (!card) return false;
  const gw = gatewayFor(app);
  if (card.provider === gw.name) {
    const r = await attempt(app, { userId, kind: "delete_card", detail: cardDetail(card) }, () => gw.deleteCard({ cardUserKey: card.cardUserKey, cardToken: card.cardToken }));
    // a card the provider no longer knows is deleted here too; any other failure keeps it
    if (!r.ok && r.code !== "1001") return false;
  }
  return repo.deleteCard(app.db, userId, cardId);
}

/** Stores a card for a member outside a payment (provider token only). */
export async function saveCardForUser(
  app: AppContext,
  userId: number,
  email: string,
  card: Omit<CardInput, "cvc">,
): Promise<{ ok: true; card: SavedCardView } | { ok: false; message: string }> {
  if (!cardNumberSchema.safeParse(card.number).success) return { ok: false, message: T.validation.cardNumberInvalid };
  const gw = gatewayFor(app);
  const existing = (await repo.cardsOfUser(app.db, userId)).find((c) => c.provider === gw.name);
  const r = await attempt(app, { userId, kind: "store_card", detail: { bin: binOf(card.number), lastFour: lastFour(card.number) } }, () =>
    gw.storeCard({ cardUserKey: existing?.cardUserKey, email, externalId: `user-${userId}`, card }),
  );
  if (!r.ok) return { ok: false, message: r.unknown ? T.errors.saveFailed : r.message };
  const row = await repo.upsertCard(app.db, {
    userId,
    provider: gw.name,
    cardUserKey: r.cardUserKey,
    cardToken: r.cardToken,
    bin: r.bin,
    lastFour: r.lastFour,
    cardType: r.cardType ?? null,
    cardAssociation: r.association ?? null,
    cardFamily: r.family ?? null,
    bankName: r.bankName ?? null,
    createdAt: app.clock.now(),
  });
  const view = (await listSavedCards(app, userId)).find((c) => c.cardId === row.id)!;
  return { ok: true, card: view };
}

