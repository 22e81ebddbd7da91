import { Link } from "react-router";
import type { PublicSeller } from "~/shared/seller";
import { sellerTr } from "~/shared/texts/seller.tr";
import { fmt, tr } from "~/shared/texts/tr";

const f = tr.footer;

function Column({ title, links }: { title: string; links: [string, string][] }) {
  return (
    <div>
      <h2 className="mb-2 text-sm font-bold uppercase tracking-wide text-choc-200">{title}</h2>
      <ul className="flex flex-col gap-1 text-sm">
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to} className="hover:underline">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Footer (SPEC §1): links, contact, social, card logos, badges, © 2020 and the application version. */
export function SiteFooter({ version, seller }: { version: string; seller: PublicSeller }) {
  return (
    <footer className="no-print mt-12 bg-choc-900 pb-16 text-choc-50">
      <div className="mx-auto grid max-w-5xl grid-cols-[repeat(2,minmax(0,1fr))] gap-6 px-4 py-8 md:grid-cols-[repeat(4,minmax(0,1fr))]">
        <Column
          title={f.membership}
          links={[
            ["/auth/login", f.signIn],
            ["/memberarea/home", f.memberArea],
            ["/memberarea/orders", f.myOrders],
            ["/basket", f.basket],
            ["/deliveryoptions", f.deliveryOptions],
          ]}
        />
        <Column
          title={f.about}
          links={[
            ["/about", f.aboutUs],
            ["/process", f.process],
            ["/sss", f.faq],
            ["/responsibility", f.responsibility],
            ["/nutrition", f.nutrition],
          ]}
        />
        <Column
          title={f.agreements}
          links={[
            ["/agreement/nda", f.privacy],
            ["/agreement/popd", f.kvkk],
            ["/agreement/dely", f.deliveryReturns],
          ]}
        />
        <div className="col-span-2 md:col-span-1">
          <h2 className="mb-2 text-sm font-bold uppercase tracking-wide text-choc-200">{f.contact}</h2>
          <address className="flex flex-col gap-1 text-sm not-italic [overflow-wrap:anywhere]">
            <span className="font-semibold">{seller.title}</span>
            <span>{seller.address}</span>
            <a href={`tel:${seller.phoneE164}`} className="hover:underline">
              {seller.phone}
            </a>
            <a href={`mailto:${seller.email}`} className="hover:underline">
              {seller.email}
            </a>
            <span>{fmt(sellerTr.footer.kep, { value: seller.kep })}</span>
            <span>{fmt(sellerTr.footer.mersis, { value: seller.mersis })}</span>
            <Link to="/contact" className="hover:underline">
              {f.contactForm}
            </Link>
          </address>
          <p className="mt-3 text-sm text-choc-200">{f.social}</p>
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
            <li>
              <a href="https://www.instagram.com/" rel="noopener noreferrer" target="_blank" className="hover:underline">
                {f.instagram}
              </a>
            </li>
            <li>
              <a href="https://www.facebook.com/" rel="noopener noreferrer" target="_blank" className="hover:underline">
                {f.facebook}
              </a>
            </li>
            <li>
              <a href="https://www.youtube.com/" rel="noopener noreferrer" target="_blank" className="hover:underline">
                {f.youtube}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 border-t border-white/15 px-4 py-4">
        <img src="/img/cards.svg" width="220" height="28" alt={f.cardsAlt} loading="lazy" />
        <div className="flex flex-wrap items-center gap-3">
          <img src="/img/ssl.svg" width="96" height="32" alt={f.secureShopping} loading="lazy" />
          <a href={seller.etbis.url} rel="noopener noreferrer" target="_blank" title={sellerTr.footer.etbis}>
            <img src="/img/etbis.svg" width="64" height="32" alt={f.etbis} loading="lazy" />
          </a>
        </div>
      </div>
      {seller.example ? (
        <p data-testid="seller-example" className="mx-auto mb-2 max-w-5xl px-4 text-center text-xs font-bold text-amber-200">
          {sellerTr.footer.example}
        </p>
      ) : null}
      <p className="px-4 text-center text-xs text-choc-200">
        {fmt(f.copyright, { brand: tr.brand.name })} · {fmt(f.version, { version })}
      </p>
    </footer>
  );
}
