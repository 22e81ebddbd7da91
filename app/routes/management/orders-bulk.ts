import type { Route } from "./+types/orders-bulk";
import * as management from "~/.server/management/service";
import * as batch from "~/.server/management/batch-desk";
import { BULK_CHUNK } from "~/shared/batch";

/**
 * Bulk status changes in chunks, for the order list's progress bar (issue 28 §1): `intent=resolve` answers the
 * orders 'all that match the filter' stands for; `intent=bulk` moves the orders of one chunk. JSON answers;
 * the page's form works without JavaScript through the list's own action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "orders.change");
  if (form.get("intent") === "resolve") {
    const r = await batch.bulkTargets(context.app, form);
    return Response.json(r, { status: r.ok ? 200 : 422, headers: { "Cache-Control": "no-store" } });
  }
  const count = [...form.keys()].filter((k) => k.startsWith("o.")).length;
  if (form.get("all") === "1" || count > BULK_CHUNK * 4) return Response.json({ ok: false, message: "chunk too large" }, { status: 413 });
  const r = await batch.bulkFromForm(context.app, staff, form);
  return Response.json(r, { status: r.ok ? 200 : 422, headers: { "Cache-Control": "no-store" } });
}
