import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { formatAmount } from "~/shared/money";
import { fmt, tr } from "~/shared/texts/tr";
import { useNotice } from "~/ui/Notices";
import type { BasketSummary } from "./types";
import { HeaderSearchButton, HeaderSearchPanel } from "./HeaderSearch";

/** Fixed top bar: menu button, logo → home, search (issue 27), basket icon with count and summary (SPEC §2.3). */
export function SiteHeader({ basket, onMenu }: { basket: BasketSummary | null; onMenu: () => void }) {
  const notify = useNotice();
  const navigate = useNavigate();
  const count = basket?.totalItem ?? 0;
  // the search row is open on the page where it was opened: any navigation closes it
  const { key } = useLocation();
  const [searchOpenAt, setSearchOpenAt] = useState<string | null>(null);
  const searchOpen = searchOpenAt === key;
  return (
    <header className="no-print fixed inset-x-0 top-0 z-30 bg-choc-900 text-white shadow">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-2 px-2">
        <button
          type="button"
          onClick={onMenu}
          aria-haspopup="dialog"
          aria-label={tr.header.menu}
          className="flex h-11 w-11 items-center justify-center rounded-lg hover:bg-white/10"
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
        <Link to="/home" className="flex items-center" aria-label={`${tr.brand.name} — ${tr.common.home}`}>
          <img src="/img/logo-light.svg" width="150" height="40" alt={tr.brand.logoAlt} />
        </Link>
        <div className="flex items-center gap-1">
          <HeaderSearchButton open={searchOpen} onToggle={() => setSearchOpenAt(searchOpen ? null : key)} panelId="site-search" />
          {count > 0 && basket ? (
            <span className="hidden text-right text-xs leading-tight sm:block" aria-hidden="true">
              {fmt(tr.header.summaryItems, { count })}
              <br />
              {fmt(tr.header.summaryToPay, { amount: formatAmount(basket.needToPay) })}
            </span>
          ) : null}
          <Link
            to="/basket"
            key={count}
            onClick={(e) => {
              e.preventDefault();
              if (count === 0) notify(tr.header.basketEmpty, "info");
              else void navigate("/basket");
            }}
            aria-label={count > 0 ? fmt(tr.header.basketWithCount, { count }) : `${tr.header.basket}: ${tr.header.basketEmpty}`}
            className={`relative flex h-11 w-11 items-center justify-center rounded-full ${count > 0 ? "basket-glow bg-choc-700" : "hover:bg-white/10"}`}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              <path d="M5 8h14l-1.5 12h-11z M9 8V6a3 3 0 0 1 6 0v2" />
            </svg>
            {count > 0 ? (
              <span className="absolute -right-1 -top-1 min-w-5 rounded-full bg-gold-400 px-1 text-center text-xs font-bold text-choc-900">
                {count}
              </span>
            ) : null}
          </Link>
        </div>
      </div>
      <HeaderSearchPanel open={searchOpen} onClose={() => setSearchOpenAt(null)} panelId="site-search" />
    </header>
  );
}
