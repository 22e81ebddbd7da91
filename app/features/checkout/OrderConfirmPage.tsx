import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigate, useNavigation, useSubmit } from "react-router";
import type { Route } from "../../routes/+types/order-confirm";
import { ContractDocView as Contract } from "~/features/checkout/ContractDocView";
import { installmentSummary } from "~/shared/installments";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { useCardMemory } from "~/features/checkout/CardMemory";
import { CheckoutSummary } from "~/features/checkout/CheckoutSummary";
import { useBasketNotice } from "~/features/basket/useBasketNotice";
import { cardLogo } from "~/shared/card";
import { formatCost } from "~/shared/money";
import { basketTr } from "~/shared/texts/basket.tr";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { paymentTr } from "~/shared/texts/payment.tr";
import { fmt, tr } from "~/shared/texts/tr";
import { Dialog } from "~/ui/Dialog";
import { CsrfField, useCsrfToken } from "~/ui/CsrfField";
import { useNotice } from "~/ui/Notices";
import { isNetworkFailure } from "~/ui/network";
import { busyProps } from "~/ui/busy";

const t = checkoutTr.confirm;

/** SPEC §4 city campaign: the banner, 'Kampanyaya katıl' and the confirmation dialog; on accept the banner goes. */
function CampaignBanner({ campaign }: { campaign: { CityName: string; coverage: "FreeCity" | "HEDEF81" } }) {
  const [asking, setAsking] = useState(false);
  const fetcher = useFetcher();
  const csrf = useCsrfToken();
  const hedef = campaign.coverage === "HEDEF81";
  return (
    <section aria-labelledby="campaign-title" className="rounded-xl bg-gold-100 p-4 shadow-sm ring-1 ring-gold-400">
      <h2 id="campaign-title" className="font-bold">
        {fmt(t.campaignTitle, { city: campaign.CityName })}
      </h2>
      <p className="mt-1">{fmt(hedef ? t.campaignHedef81 : t.campaignFreeCity, { city: campaign.CityName })}</p>
      {hedef ? <p className="mt-1 text-sm">{t.campaignHedef81Note}</p> : null}
      <button type="button" {...busyProps(fetcher.state !== "idle", { onClick: () => setAsking(true) })} className="mt-3 min-h-11 rounded-lg bg-choc-700 px-4 font-bold text-white disabled:opacity-60">
        {t.campaignJoin}
      </button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t.campaignJoin}
        footer={
          <>
            <button type="button" onClick={() => setAsking(false)} className="min-h-11 rounded-lg px-4 font-semibold">
              {tr.common.cancel}
            </button>
            <button
              type="button"
              onClick={() => {
                setAsking(false);
                void fetcher.submit({ intent: "campaign-join", _csrf: csrf }, { method: "post", action: "/order/confirm" });
              }}
              className="min-h-11 rounded-lg bg-choc-700 px-4 font-bold text-white"
            >
              {tr.common.yes}
            </button>
          </>
        }
      >
        <p>{t.campaignConfirm}</p>
        {hedef ? <p className="mt-2 text-sm">{t.campaignHedef81Note}</p> : null}
      </Dialog>
    </section>
  );
}

function PromoField({ promo }: { promo: { code: string; applies: boolean } | null }) {
  const apply = useFetcher();
  const remove = useFetcher();
  useBasketNotice(apply.data, "promo-apply");
  useBasketNotice(remove.data, "promo-remove");
  if (promo) {
    return (
      <remove.Form method="post" action="/basket" className="flex items-center justify-between gap-2">
        <CsrfField />
        <input type="hidden" name="intent" value="promo-remove" />
        <span>{fmt(basketTr.promo.active, { code: promo.code })}</span>
        <button type="submit" className="min-h-11 px-2 text-sm font-semibold text-red-800 underline">
          {basketTr.promo.remove}
        </button>
      </remove.Form>
    );
  }
  return (
    <apply.Form method="post" action="/basket" className="flex items-end gap-2">
      <CsrfField />
      <input type="hidden" name="intent" value="promo-apply" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor="confirm-promo" className="text-sm font-semibold">
          {basketTr.promo.label}
        </label>
        <input id="confirm-promo" name="promoCode" required maxLength={40} autoComplete="off" className="min-h-11 w-full rounded-lg border border-choc-200 bg-white px-3 uppercase" />
      </div>
      <button type="submit" className="min-h-11 rounded-lg bg-choc-700 px-4 font-bold text-white">
        {basketTr.promo.apply}
      </button>
    </apply.Form>
  );
}

/** The confirm step's screen (SPEC §2.8 step 3; its data and form: routes/order-confirm.tsx). */
export function OrderConfirmPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const d = loaderData;
  const notify = useNotice();
  const navigate = useNavigate();
  const submit = useSubmit();
  const csrf = useCsrfToken();
  const navigation = useNavigation();
  const memory = useCardMemory();
  // both start unticked: consent is given, not presumed (issue 26 §3; a recorded deviation from SPEC §2.8, decision 0033)
  const [preInfo, setPreInfo] = useState(false);
  const [contract, setContract] = useState(false);
  const seen = useRef<unknown>(null);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/order/confirm");
  const valid = preInfo && contract;
  const a = d.address;
  const needsCard = d.payment.mode === "new";

  useEffect(() => {
    if (d.paymentFailure) notify(d.paymentFailure, "error", 3000);
  }, [d.paymentFailure, notify]);

  useEffect(() => {
    if (!actionData || actionData === seen.current) return;
    seen.current = actionData;
    if (isNetworkFailure(actionData)) notify(t.failedNetwork, "error", 3000);
    else if (actionData.ok) notify(actionData.notice, "success");
    else {
      notify(actionData.kind === "payment" ? actionData.error : `!${actionData.error}`, "error", 3000);
      // what ran out or moved is fixed on another step (the basket, the delivery step): go there, the notice
      // stays on screen (it lives in the root layout); the confirm step would only refuse again
      if (actionData.goTo && actionData.goTo !== "/order/confirm") void navigate(actionData.goTo);
    }
  }, [actionData, notify, navigate]);

  return (
    <section className="mx-auto grid max-w-5xl gap-6 px-4 py-6 md:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="space-y-4">
        <h1 className="text-xl font-bold">{t.title}</h1>
        {d.campaign ? <CampaignBanner campaign={d.campaign} /> : null}
        {d.joined ? <p className="rounded-xl bg-green-50 p-3 font-semibold text-green-900">{fmt(t.campaignActive, { name: d.joined === "HEDEF81" ? "HEDEF81" : t.campaignJoined })}</p> : null}
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <h2 className="font-bold">{basketTr.items}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {d.items.map((i) => (
              <li key={i.id} className="flex justify-between gap-2">
                <span>
                  {i.quantity} × {i.name}
                </span>
                <span className="shrink-0">{formatCost(i.lineTotal)}</span>
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid gap-3 rounded-xl bg-white p-4 text-sm shadow-sm sm:grid-cols-2">
          <div>
            <dt className="font-bold">{t.card}</dt>
            <dd className="mt-1 flex items-center gap-2">
              {d.payment.cardType ? <img src={cardLogo(d.payment.cardType)} width={40} height={25} alt={paymentTr.cardTypes[d.payment.cardType]} /> : null}
              {d.payment.mode === "saved" ? `${t.savedCard} ` : ""}
              {fmt(t.cardMasked, { lastFour: d.payment.lastFour ?? "" })}
            </dd>
            <dd className="mt-1" data-testid="confirm-installment">
              {d.installment ? installmentSummary(d.installment) : installmentsTr.single}
            </dd>
            {d.installmentLost ? <dd className="mt-1 text-red-800">{installmentsTr.errors.unavailable}</dd> : null}
          </div>
          <div>
            <dt className="font-bold">{t.email}</dt>
            <dd className="mt-1 break-all">{d.email}</dd>
          </div>
          <div>
            <dt className="font-bold">{t.deliveryAddress}</dt>
            <dd className="mt-1">
              {a.delFullName}
              <br />
              {a.delAddress}
              <br />
              {[a.delNeighName, a.delCountyName].filter(Boolean).join(", ")} / {a.delCityName}
              <br />
              {a.delPhoneNumber}
            </dd>
          </div>
          <div>
            <dt className="font-bold">{t.billingAddress}</dt>
            <dd className="mt-1">
              {a.isSingleAddress ? (
                t.sameAsDelivery
              ) : (
                <>
                  {a.invFullName}
                  <br />
                  {a.invAddress}
                  <br />
                  {a.invCountyName} / {a.invCityName}
                </>
              )}
              {a.firmName ? (
                <>
                  <br />
                  {a.firmName} — {a.taxAuthority} — {a.TID}
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="font-bold">{t.delivery}</dt>
            <dd className="mt-1">
              {d.delivery.type} {d.delivery.details ? `— ${d.delivery.details}` : ""}
            </dd>
          </div>
          <div>
            <dt className="font-bold">{t.giftNote}</dt>
            <dd className="mt-1 whitespace-pre-wrap break-words">{d.notes || t.noGiftNote}</dd>
            {d.link ? <dd className="mt-1 break-all text-choc-800">{d.link}</dd> : null}
          </div>
        </dl>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <h2 className="font-bold">{t.promo}</h2>
          <div className="mt-2">
            {/*
              SPEC §6: the code field is the member's; a guest's code (applied in the basket) shows here like a
              member's, never contradicted (docs/decisions/0013-promo-codes-for-guests.md)
            */}
            {d.member || d.promo ? <PromoField promo={d.promo} /> : <p className="text-sm">{t.promoGuest}</p>}
          </div>
        </div>
        <Form
          method="post"
          className="space-y-3 rounded-xl bg-white p-4 shadow-sm"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid || submitting) return;
            const fd = new FormData(e.currentTarget);
            if (needsCard) {
              const card = memory.get();
              if (!card) {
                notify(checkoutTr.payment.cardMissing, "error", 5000);
                return;
              }
              fd.set("cardNumber", card.creditCardNumber);
              fd.set("cardHolder", card.cardHolder);
              fd.set("month", String(card.month));
              fd.set("year", String(card.year));
              fd.set("secCode", card.secCode);
            }
            fd.set("_csrf", csrf);
            void submit(fd, { method: "post" });
          }}
        >
          <CsrfField />
          {d.installment ? <input type="hidden" name="installmentTotal" value={d.installment.total} /> : null}
          <Contract doc={d.preInfo} id="on-bilgilendirme" />
          <label className="flex min-h-11 items-start gap-3">
            <input type="checkbox" name="onBilgilendirme" checked={preInfo} onChange={(e) => setPreInfo(e.target.checked)} className="mt-1 h-5 w-5" />
            {t.acceptPreInfo}
          </label>
          <Contract doc={d.distanceSales} id="mesafeli" />
          <label className="flex min-h-11 items-start gap-3">
            <input type="checkbox" name="mesafeli" checked={contract} onChange={(e) => setContract(e.target.checked)} className="mt-1 h-5 w-5" />
            {t.acceptContract}
          </label>
          <button type="submit" disabled={!valid} {...busyProps(Boolean(submitting))} className="min-h-12 w-full rounded-lg bg-choc-700 px-6 py-3 text-lg font-bold text-white hover:bg-choc-800 disabled:opacity-60">
            {submitting ? t.submitting : valid ? t.submit : t.waiting}
          </button>
        </Form>
      </div>
      <CheckoutSummary amounts={d.amounts} installment={d.installment} />
    </section>
  );
}
