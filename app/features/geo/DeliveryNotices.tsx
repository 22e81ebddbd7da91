import { Link } from "react-router";
import type { DeliveryNotice } from "~/.server/delivery/rules";
import { deliveryTr } from "~/shared/texts/delivery.tr";
import { fmt } from "~/shared/texts/tr";

const n = deliveryTr.notices;

/** What the notices need from the delivery options (SPEC §4 'Delivery notices'). */
export interface NoticesInput {
  notices: DeliveryNotice[];
  doNotShowMsg: string | null;
  maxDate: string;
}

export function noticeText(notice: DeliveryNotice, maxDate?: string): string {
  switch (notice.code) {
    case "areaNotCovered":
      return n.areaNotCovered;
    case "neighbourhoodNeeded":
      return n.neighbourhoodNeeded;
    case "shippingCutoffPassed":
      return fmt(n.shippingCutoffPassed, { time: notice.time ?? "", date: notice.date?.date ?? "" });
    case "courierCutoffPassed":
      return fmt(n.courierCutoffPassed, { time: notice.time ?? "", date: notice.date?.date ?? "" });
    case "sameDayPassed":
      if (!notice.slots) return n.sameDayPassed;
      return notice.all
        ? n.vipAllPassed
        : fmt(n.vipSomePassed, { slots: notice.slots.map((c) => deliveryTr.vipSlots[c].toLocaleLowerCase("tr")).join(", ") });
    case "pickupSameDayPassed":
      return notice.date ? fmt(n.pickupSameDayPassed, { time: notice.time ?? "", date: notice.date.date }) : n.pickupSameDayPassedNoDate;
    case "basketEmpty":
      return n.basketEmpty;
    case "closedDay":
      return notice.reason
        ? fmt(n.closedDayReason, { date: notice.date?.date ?? "", reason: notice.reason })
        : fmt(n.closedDay, { date: notice.date?.date ?? "" });
    case "dateOutOfRange":
      return fmt(n.dateOutOfRange, { date: maxDate ?? "" });
  }
}

/**
 * The delivery notices: the county outside same-day areas (with a contact link), same-day time passed
 * (VIP: a button to order for the first suitable day when `onOrderFor` is given), neighbourhood needed,
 * empty basket, and the staff message `doNotShowMsg`.
 */
export function DeliveryNotices({ options, onOrderFor }: { options: NoticesInput; onOrderFor?: (dateISO: string) => void }) {
  if (options.notices.length === 0 && !options.doNotShowMsg) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label={deliveryTr.notices.title}>
      {options.doNotShowMsg ? (
        <li className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm" data-notice="doNotShowMsg">
          {options.doNotShowMsg}
        </li>
      ) : null}
      {options.notices.map((notice) => (
        <li key={notice.code} className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm" data-notice={notice.code}>
          {noticeText(notice, options.maxDate)}
          {notice.code === "areaNotCovered" ? (
            <>
              {" "}
              <Link to="/contact" className="font-medium underline">
                {n.contactLink}
              </Link>
            </>
          ) : null}
          {notice.code === "sameDayPassed" && notice.date && onOrderFor ? (
            <button type="button" onClick={() => onOrderFor(notice.date!.dateISO)} className="ml-2 rounded bg-choc-800 px-3 py-1 text-white">
              {fmt(n.orderForFirstDay, { date: notice.date.date })}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
