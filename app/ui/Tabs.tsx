import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * WAI-ARIA tabs whose tabs are also links (`?{param}={id}`): without JavaScript a click reloads the page with
 * that tab open; with JavaScript it switches in place. Arrow keys, Home and End move between tabs.
 */
export function Tabs({
  label,
  items,
  initial,
  param,
  idPrefix,
  className,
  onlyActivePanel = false,
}: {
  label: string;
  items: TabItem[];
  initial: string;
  param: string;
  idPrefix: string;
  className?: string;
  /**
   * Render only the open panel's content (the others stay as empty, hidden panels). For panels whose data the
   * page already has: the server sends less markup, and a switch renders the panel in place.
   */
  onlyActivePanel?: boolean;
}) {
  const [active, setActive] = useState(items.some((t) => t.id === initial) ? initial : (items[0]?.id ?? ""));
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const focusTab = (i: number) => {
    const n = items.length;
    const idx = ((i % n) + n) % n;
    setActive(items[idx]!.id);
    refs.current[idx]?.focus();
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: items.length - 1 };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    focusTab(to);
  };
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-choc-200">
        {items.map((t, i) => {
          const selected = t.id === active;
          return (
            <a
              key={t.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              role="tab"
              id={`${idPrefix}-tab-${t.id}`}
              href={`?${param}=${encodeURIComponent(t.id)}`}
              aria-selected={selected}
              aria-controls={`${idPrefix}-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={(e) => {
                e.preventDefault();
                setActive(t.id);
              }}
              onKeyDown={(e) => onKey(e, i)}
              className={`min-h-11 whitespace-nowrap rounded-t-lg px-4 py-2 text-sm font-semibold ${
                selected ? "border-b-4 border-choc-700 text-choc-900" : "text-choc-700 hover:bg-choc-100"
              }`}
            >
              {t.label}
            </a>
          );
        })}
      </div>
      {items.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${idPrefix}-panel-${t.id}`}
          aria-labelledby={`${idPrefix}-tab-${t.id}`}
          hidden={t.id !== active}
          tabIndex={0}
          className="py-4 focus:outline-none focus-visible:ring-2"
        >
          {onlyActivePanel && t.id !== active ? null : t.panel}
        </div>
      ))}
    </div>
  );
}
