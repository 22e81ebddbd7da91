import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field, buttonClass, secondaryButtonClass } from "~/features/account/Field";
import { LIMITS } from "~/shared/constants";
import { checkoutTr } from "~/shared/texts/checkout.tr";
import { CsrfField } from "~/ui/CsrfField";
import { Dialog } from "~/ui/Dialog";
import { busyProps } from "~/ui/busy";
import { focusFirstInvalid } from "~/ui/focus";
import type { KeepsData } from "~/ui/network";
import { MarketingOptIn, PrivacyNotice } from "~/features/chrome/Consent";

const t = checkoutTr.overlay;

/**
 * What the payment step answers a guest: the same choice whether or not the e-mail has an account (the answer is
 * no account lookup, issue 23 §3), or the quick membership's result.
 */
export type OverlayResult = ({ ok: true; overlay: "choose"; email: string } & KeepsData) | { ok: true; overlay: "done"; message: string };

/**
 * The login overlay of the payment step (SPEC §2.8, §4): tabs 'Üye Girişi' and 'Hızlı Üyelik', and 'Üye olmadan
 * devam et', the same for every guest (SPEC disables quick membership for existing customers; that would say who
 * has an account — a quick membership for a taken e-mail mails its owner instead). The buyer chooses the quick
 * membership password (DESIGN).
 */
export function LoginOverlay({
  result,
  defaultName,
  onClose,
  errors,
}: {
  result: Extract<OverlayResult, { email: string }>;
  /** SPEC §2.8: the quick membership's name defaults from the card holder */
  defaultName: string;
  onClose: () => void;
  errors: Record<string, string>;
}) {
  const [tab, setTab] = useState<"member" | "quick">("member");
  const busy = useNavigation().state !== "idle";
  // a refused sign-in or membership: the focus goes to the field at fault (its message is tied to it)
  const refused = Object.entries(errors).join();
  useEffect(() => {
    if (refused) focusFirstInvalid();
  }, [refused]);
  return (
    <Dialog open onClose={onClose} title={t.title} wide>
      <p className="text-sm">{t.intro}</p>
      <div role="tablist" aria-label={t.title} className="mt-4 flex gap-2 border-b border-choc-100">
        <button type="button" role="tab" id="tab-member" aria-selected={tab === "member"} aria-controls="panel-member" onClick={() => setTab("member")} className={`min-h-11 px-3 font-semibold ${tab === "member" ? "border-b-2 border-choc-700" : ""}`}>
          {t.memberTab}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-quick"
          aria-selected={tab === "quick"}
          aria-controls="panel-quick"
          onClick={() => setTab("quick")}
          className={`min-h-11 px-3 font-semibold disabled:opacity-40 ${tab === "quick" ? "border-b-2 border-choc-700" : ""}`}
        >
          {t.quickTab}
        </button>
      </div>
      {tab === "member" ? (
        <div role="tabpanel" id="panel-member" aria-labelledby="tab-member">
        <Form method="post" className="mt-4 space-y-3">
          <CsrfField />
          <input type="hidden" name="intent" value="signin" />
          <Field label={checkoutTr.payment.email} value={result.email} readOnly name="emailShown" />
          <Field label={t.password} name="password" type="password" autoComplete="current-password" required maxLength={LIMITS.passwordMax} error={errors.password} />
          <button type="submit" className={`${buttonClass} w-full`} {...busyProps(busy)}>
            {t.signIn}
          </button>
        </Form>
        </div>
      ) : (
        <div role="tabpanel" id="panel-quick" aria-labelledby="tab-quick">
        <p className="mt-4 text-sm">{t.quickIntro}</p>
        <Form method="post" className="mt-4 space-y-3">
          <CsrfField />
          <input type="hidden" name="intent" value="quick" />
          <Field label={t.name} name="name" defaultValue={defaultName} autoComplete="name" required minLength={LIMITS.quickMembershipNameMin} error={errors.name} />
          <Field label={t.password} name="pass" type="password" autoComplete="new-password" required maxLength={LIMITS.passwordMax} error={errors.pass} />
          <Field label={t.password2} name="pass2" type="password" autoComplete="new-password" required maxLength={LIMITS.passwordMax} error={errors.pass2} />
          <MarketingOptIn />
          <PrivacyNotice />
          <button type="submit" className={`${buttonClass} w-full`} {...busyProps(busy)}>
            {t.register}
          </button>
        </Form>
        </div>
      )}
      <Form method="post" className="mt-4">
        <CsrfField />
        <input type="hidden" name="intent" value="guest" />
        <button type="submit" className={`${secondaryButtonClass} w-full`} {...busyProps(busy)}>
          {t.continueAsGuest}
        </button>
      </Form>
    </Dialog>
  );
}
