import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { previousOrderLines } from "~/shared/previous-order";
import { fmt, tr } from "~/shared/texts/tr";
import type { ChromeUser, MenuTileData, PreviousOrder } from "./types";

interface Props {
  open: boolean;
  onClose: () => void;
  user: ChromeUser | null;
  orders: PreviousOrder[];
  tiles: MenuTileData[];
  chatUrl: string;
}

/** Side menu as a modal dialog: focus stays inside, Esc closes (SPEC §2.3). */
export function SideMenu({ open, onClose, user, orders, tiles, chatUrl }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [ordersOpen, setOrdersOpen] = useState(false);
  const [subOf, setSubOf] = useState<number | null>(null);
  const ordersId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const top = tiles.filter((t) => t.parentPageId === null);
  const sub = subOf === null ? [] : tiles.filter((t) => t.parentPageId === subOf);
  const shown = subOf === null ? top : sub;
  const hasChildren = (pageId: number) => tiles.some((t) => t.parentPageId === pageId);

  return (
    <dialog
      ref={ref}
      aria-label={tr.sideMenu.title}
      onClose={() => {
        setSubOf(null);
        onClose();
      }}
      onClick={(e) => {
        // a link inside, or the backdrop, closes the menu
        const target = e.target as HTMLElement;
        if (target === ref.current || target.closest("a")) ref.current?.close();
      }}
      className="m-0 h-full max-h-none w-[min(22rem,88vw)] max-w-none bg-choc-50 p-0 text-choc-900"
    >
      <nav className="flex h-full flex-col gap-4 overflow-y-auto p-4" aria-label={tr.sideMenu.title}>
        <div className="flex items-center gap-3">
          <Link
            to="/memberarea"
            aria-label={user ? `${tr.sideMenu.profile}: ${user.name}` : tr.sideMenu.profile}
            className="flex h-12 w-12 items-center justify-center rounded-full bg-choc-700 text-xl font-bold text-white"
          >
            <span aria-hidden="true">{user?.initial ?? "M"}</span>
          </Link>
          <button
            type="button"
            className="flex-1 rounded-lg px-3 py-2 text-left font-medium hover:bg-choc-100"
            aria-expanded={ordersOpen}
            aria-controls={ordersId}
            onClick={() => setOrdersOpen((v) => !v)}
          >
            {tr.sideMenu.previousOrders}
          </button>
          <Link to="/memberarea/home" aria-label={tr.sideMenu.settings} className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-choc-100">
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="3" />
              <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
            </svg>
          </Link>
        </div>
        <div id={ordersId} hidden={!ordersOpen} className="rounded-lg bg-white p-3 text-sm shadow-sm">
          {orders.length === 0 ? (
            user ? (
              <p>{tr.sideMenu.noOrders}</p>
            ) : (
              <Link to="/auth/login" className="underline">
                {tr.sideMenu.signInForOrders}
              </Link>
            )
          ) : (
            <ul className="flex flex-col gap-2">
              {orders.map((o) => (
                <li key={o.orderNumber}>
                  <strong>{fmt(tr.sideMenu.orderNumber, { number: o.orderNumber })}</strong>
                  {previousOrderLines(o).map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </div>
        <ul className="grid grid-cols-2 gap-3">
          {shown.map((t) => (
            <li key={t.pageId} className={t.size === "big" || t.size === "full" ? "col-span-2" : ""}>
              {t.link && !hasChildren(t.pageId) ? (
                <Link to={t.link} className="block min-h-20 rounded-xl p-3 shadow" style={{ background: t.bgColour, color: t.textColour }}>
                  <span className="block font-bold">{t.name}</span>
                  {t.subHeader ? <span className="block text-xs opacity-90">{t.subHeader}</span> : null}
                </Link>
              ) : (
                <button
                  type="button"
                  onClick={() => setSubOf(t.pageId)}
                  aria-haspopup="true"
                  className="block min-h-20 w-full rounded-xl p-3 text-left shadow"
                  style={{ background: t.bgColour, color: t.textColour }}
                >
                  <span className="block font-bold">{t.name}</span>
                  {t.subHeader ? <span className="block text-xs opacity-90">{t.subHeader}</span> : null}
                </button>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex gap-3">
          <button
            type="button"
            className="flex-1 rounded-lg border border-choc-700 px-3 py-2 font-medium"
            onClick={() => (subOf === null ? ref.current?.close() : setSubOf(null))}
          >
            {tr.sideMenu.back}
          </button>
          <a
            href={chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={tr.sideMenu.supportNewTab}
            className="flex-1 rounded-lg bg-green-800 px-3 py-2 text-center font-medium text-white"
          >
            {tr.sideMenu.support}
          </a>
        </div>
      </nav>
    </dialog>
  );
}
