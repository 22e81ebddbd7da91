import type { Route } from "./+types/orders";
import * as management from "~/.server/management/service";
import { SectionError } from "~/features/management/ui";
import { OrdersPage } from "~/features/management/OrdersPage";
import { pageTitle } from "~/ui/PageTitle";
import { can, parseOrderFilter } from "~/shared/management";
import * as batch from "~/.server/management/batch-desk";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const o = t.orders;

export function meta() {
  return pageTitle(o.title);
}

/** Orders, searchable and filtered on the server, one page at a time (issue 12). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "orders.view");
  const url = new URL(request.url);
  const filter = parseOrderFilter(url.searchParams);
  return { filter, mayChange: can(staff.role, "orders.change"), exportHref: `/management/orders/export${url.search}`, ...(await management.orderList(context.app, filter)) };
}

/** The bulk change without JavaScript: every chosen order at once, one answer per order (issue 28 §1). */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "orders.change");
  return batch.bulkFromForm(context.app, staff, form);
}

export { SectionError as ErrorBoundary };

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  return <OrdersPage loaderData={loaderData} actionData={actionData} />;
}
