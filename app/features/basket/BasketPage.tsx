import { useEffect, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { BasketView } from "~/shared/basket";
import type { ProductCard } from "~/shared/catalog";
import { BASKET_CLEAR_ABOVE } from "~/shared/constants";
import { basketTr } from "~/shared/texts/basket.tr";
import { tr } from "~/shared/texts/tr";
import { CsrfField, useCsrfToken } from "~/ui/CsrfField";
import { Dialog } from "~/ui/Dialog";
import { useNotice } from "~/ui/Notices";
import { useHydrated } from "~/ui/useHydrated";
import { BasketItems } from "./BasketItems";
import { BasketSummary, PointsBox, PromoBox, Suggestions } from "./BasketExtras";
import { GiftNote, giftNoteErrors, type GiftNoteErrors } from "./GiftNote";
import type { BasketActionResult } from "./types";
import { useBasketNotice } from "./useBasketNotice";
import { busyProps } from "~/ui/busy";
import { focusFirstInvalid } from "~/ui/focus";
import { EarliestDelivery } from "~/features/delivery/EarliestDelivery";

const t = basketTr;
const CHECKOUT_FORM = "checkout-form";

/** 'Sepeti Boşalt' with its confirmation; shown only above 49 items (SPEC §2.7). */
function ClearBasket({ confirmWithoutJs }: { confirmWithoutJs: boolean }) {
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  const csrf = useCsrfToken();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="flex flex-col items-end gap-2">
      <Form
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="clear-ask" />
        <button type="submit" className="min-h-11 rounded-lg border border-red-800 px-4 font-semibold text-red-800 hover:bg-red-50">
          {t.clear}
        </button>
      </Form>
      {confirmWithoutJs ? (
        <Form method="post" className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-3">
          <CsrfField />
          <input type="hidden" name="intent" value="clear" />
          <p>{t.clearConfirm}</p>
          <button type="submit" className="min-h-11 rounded-lg bg-red-800 px-4 font-bold text-white">
            {tr.common.yes}
          </button>
        </Form>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t.clear}
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)} className="min-h-11 rounded-lg px-4 font-semibold">
              {tr.common.cancel}
            </button>
            <button
              type="button"
              {...busyProps(busy, {
                onClick: () => {
                  const fd = new FormData();
                  fd.set("intent", "clear");
                  fd.set("_csrf", csrf);
                  setOpen(false);
                  void submit(fd, { method: "post" });
                },
              })}
              className="min-h-11 rounded-lg bg-red-800 px-4 font-bold text-white disabled:opacity-60"
            >
              {tr.common.yes}
            </button>
          </>
        }
      >
        <p>{t.clearConfirm}</p>
      </Dialog>
    </div>
  );
}

export function BasketPage({
  basket,
  suggestions,
  member,
  actionData,
}: {
  basket: BasketView & { promoNotice?: { ok: boolean; text: string } };
  suggestions: ProductCard[];
  member: boolean;
  actionData: unknown;
}) {
  const notify = useNotice();
  const navigation = useNavigation();
  const [noteErrors, setNoteErrors] = useState<GiftNoteErrors>({});
  const result = actionData as BasketActionResult | undefined;
  useBasketNotice(actionData, result?.intent ?? "checkout");
  useEffect(() => {
    if (basket.promoNotice) notify(basket.promoNotice.text, basket.promoNotice.ok ? "success" : "promoError");
  }, [basket.promoNotice, notify]);
  useEffect(() => {
    if (result?.intent === "checkout" && !result.ok && result.field) setNoteErrors({ [result.field]: result.text });
  }, [result]);
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const hydrated = useHydrated();

  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold text-choc-900">{t.title}</h1>
      {!hydrated && result?.text ? (
        <p role="status" className={`mt-3 rounded-lg p-3 font-semibold ${result.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}>
          {result.text}
        </p>
      ) : null}
      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-4">
          {basket.amounts.totalItem > BASKET_CLEAR_ABOVE ? <ClearBasket confirmWithoutJs={Boolean(result?.confirmClear)} /> : null}
          <BasketItems items={basket.items} />
          <GiftNote form={CHECKOUT_FORM} initial={{ notes: basket.notes, link: basket.link }} errors={noteErrors} />
        </div>
        <div className="flex flex-col gap-4">
          <PromoBox basket={basket} member={member} />
          <PointsBox basket={basket} />
          <BasketSummary basket={basket} deliveryCost={null} />
          <EarliestDelivery />
          <Form
            id={CHECKOUT_FORM}
            method="post"
            onSubmit={(e) => {
              const errors = giftNoteErrors(e.currentTarget);
              setNoteErrors(errors);
              if (errors.notes || errors.link) {
                e.preventDefault();
                focusFirstInvalid();
                notify((errors.notes ?? errors.link)!, "error");
              }
            }}
          >
            <CsrfField />
            <input type="hidden" name="intent" value="checkout" />
            <button
              type="submit"
              {...busyProps(submitting)}
              className="min-h-12 w-full rounded-lg bg-choc-700 px-6 py-3 text-lg font-bold tracking-wide text-white hover:bg-choc-800 disabled:opacity-60"
            >
              {submitting ? tr.common.loading : t.summary.complete}
            </button>
          </Form>
        </div>
      </div>
      <Suggestions products={suggestions} />
    </div>
  );
}
