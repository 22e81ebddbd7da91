import { redirect } from "react-router";
import type { Route } from "./+types/customer-export";
import * as management from "~/.server/management/service";

/** KVKK: a customer's personal data as a JSON download (POST with the CSRF token; admins only). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff } = await management.staffAction(context, request, "customers.privacy");
  const id = Number(params.userId);
  const file = Number.isSafeInteger(id) && id > 0 ? await management.exportCustomer(context.app, staff, id) : null;
  if (!file) throw management.notFound();
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The download is a POST; a GET goes back to the customer's page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await management.guard(context, request, "customers.privacy");
  return redirect(`/management/customers/${encodeURIComponent(params.userId)}`);
}
