import type { Route } from "./+types/customers";
import * as management from "~/.server/management/service";
import { SectionError } from "~/features/management/ui";
import { CustomersPage } from "~/features/management/CustomersPage";
import { pageTitle } from "~/ui/PageTitle";
import { can, customerSearchSchema } from "~/shared/management";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const c = t.customers;

export function meta() {
  return pageTitle(c.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "customers.view");
  const { q, page } = customerSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { q, page, canExportConsents: can(staff.role, "customers.privacy"), ...(await management.customerList(context.app, q, page)) };
}

export { SectionError as ErrorBoundary };

export default function Customers({ loaderData }: Route.ComponentProps) {
  return <CustomersPage loaderData={loaderData} />;
}
