import { redirect } from "react-router";
import type { Route } from "./+types/catalog";
import * as management from "~/.server/management/service";
import { invalidAnswer, SectionError } from "~/features/management/ui";
import { CatalogPage } from "~/features/management/CatalogPage";
import { pageTitle } from "~/ui/PageTitle";
import { can, fieldErrors } from "~/shared/management";
import { catalogFilterSchema, newProductSchema } from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const c = t.catalog;

export function meta() {
  return pageTitle(c.title);
}

/** Every product, archived ones too, searchable and filtered on the server, one page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "catalog.view");
  const filter = catalogFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { filter, mayCreate: can(staff.role, "catalog.edit"), mayEditPages: can(staff.role, "pages.edit"), ...(await management.catalogList(context.app, filter)) };
}

/** A new product (marketing): made off sale, then its page opens for the rest (texts, pictures, lists, stock). */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "catalog.edit");
  const parsed = newProductSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalidAnswer("create", fieldErrors(parsed.error));
  const { id } = await management.createProduct(context.app, staff, parsed.data);
  throw redirect(`/management/catalog/${id}?yeni=1`);
}

export { SectionError as ErrorBoundary };

export default function Catalog({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogPage loaderData={loaderData} actionData={actionData} />;
}
