import { redirect } from "react-router";
import type { Route } from "./+types/consents-export";
import * as management from "~/.server/management/service";
import * as consent from "~/.server/consent/service";
import * as audit from "~/.server/audit/service";

/**
 * The commercial-message consents as a CSV an operator loads into İYS (issue 26 §4): POST with the CSRF token,
 * admins only (capability `customers.privacy`), written to the audit log.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = await management.staffAction(context, request, "customers.privacy");
  const { csv, rows } = await consent.iysCsv(context.app);
  await audit.record(context.app, context.app.db, { actor: staff.actor, action: "consents.export", entity: "marketing_consents", before: null, after: { rows } });
  const day = context.app.clock.now().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="iys-izinler-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The download is a POST; a GET goes back to the customers page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "customers.privacy");
  return redirect("/management/customers");
}
