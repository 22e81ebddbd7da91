import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { BACKGROUND_POLL_HEADER } from "~/shared/background-poll";
import { messagingTr } from "~/shared/texts/messaging.tr";

const a = messagingTr.alert;

/** How often an open staff page asks for new orders. */
export const ALERT_POLL_MS = 5_000;
/** Alerts kept on screen at most (older ones are in the order list). */
const KEEP = 8;

interface Alert {
  id: number;
  orderNumber: string;
  text: string;
  urgent: boolean;
}

/**
 * New orders while a staff page is open (issue 28 §2): polls /management/alerts every ALERT_POLL_MS (marked as
 * background, so it does not keep the session alive) and shows each new order at the top of the area, with a
 * link to it. Screen readers hear new orders politely and urgent same-day ones at once (role=alert). Polling
 * stops when the session has ended (the answer is not JSON any more).
 */
export function StaffAlerts() {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const after = useRef<number | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const url = after.current === null ? "/management/alerts" : `/management/alerts?after=${after.current}`;
        const res = await fetch(url, { headers: { accept: "application/json", [BACKGROUND_POLL_HEADER]: "1" }, redirect: "manual", cache: "no-store" });
        if (!res.ok || !res.headers.get("content-type")?.includes("application/json")) {
          // signed out, or no right to see orders any more: nothing to poll for
          if (res.type === "opaqueredirect" || res.status === 403 || res.status === 404) stopped = true;
        } else {
          const body = (await res.json()) as { latest: number; alerts: Alert[] };
          after.current = body.latest;
          if (body.alerts.length) setAlerts((old) => [...old, ...body.alerts].slice(-KEEP));
        }
      } catch {
        // offline or the server restarting: try again at the next tick
      }
      if (!stopped) timer = setTimeout(() => void tick(), ALERT_POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  const dismiss = (id: number) => setAlerts((old) => old.filter((x) => x.id !== id));
  const item = (x: Alert) => (
    <li key={x.id} className={`flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 ${x.urgent ? "bg-red-100 text-red-950" : "bg-amber-50 text-amber-950"}`}>
      <span className="min-w-0 flex-1 font-medium break-words">{x.text}</span>
      <span className="flex gap-2">
        <Link to={`/management/orders/${x.orderNumber}`} className="inline-flex min-h-11 items-center underline" onClick={() => dismiss(x.id)}>
          {a.open}
        </Link>
        <button type="button" className="min-h-11 rounded-lg border border-current px-3" onClick={() => dismiss(x.id)} aria-label={`${a.dismiss}: ${x.orderNumber}`}>
          {a.dismiss}
        </button>
      </span>
    </li>
  );
  const urgent = alerts.filter((x) => x.urgent);
  const normal = alerts.filter((x) => !x.urgent);
  return (
    <section aria-label={a.region} className="flex flex-col gap-2" data-staff-alerts>
      <div role="alert">{urgent.length ? <ul className="flex flex-col gap-2">{urgent.map(item)}</ul> : null}</div>
      <div aria-live="polite">{normal.length ? <ul className="flex flex-col gap-2">{normal.map(item)}</ul> : null}</div>
      {alerts.length > 1 ? (
        <button type="button" className="min-h-11 self-start rounded-lg border border-choc-700 bg-white px-3 text-sm" onClick={() => setAlerts([])}>
          {a.dismissAll}
        </button>
      ) : null}
    </section>
  );
}
