import { Link } from "react-router";
import { consentTr } from "~/shared/texts/consent.tr";

/** "Kişisel verileriniz Aydınlatma Metni'nde açıklandığı şekilde işlenir." wherever personal data is collected (issue 26 §4). */
export function PrivacyNotice({ className = "text-sm text-stone-700" }: { className?: string }) {
  const p = consentTr.privacy;
  return (
    <p className={className} data-testid="privacy-notice">
      {p.before}
      <Link to="/agreement/popd" target="_blank" className="font-semibold text-choc-800 underline">
        {p.link}
      </Link>
      {p.after}
    </p>
  );
}

/** The commercial-message opt-in: unticked unless the visitor ticks it (issue 26 §4, decision 0034). */
export function MarketingOptIn({ name = "marketing" }: { name?: string }) {
  return (
    <label className="flex min-h-11 items-start gap-3 text-sm">
      <input type="checkbox" name={name} defaultChecked={false} className="mt-0.5 h-5 w-5 shrink-0 accent-choc-700" />
      <span>{consentTr.emailLabel}</span>
    </label>
  );
}
