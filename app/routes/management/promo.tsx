import type { Route } from "./+types/promo";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { PromoPage } from "~/features/management/PromoPage";
import { pageTitle } from "~/ui/PageTitle";
import { idParam, listQuerySchema, promoActiveSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const d = t.promo;

export function meta({ data }: Route.MetaArgs) {
  return pageTitle(fmt(d.title, { code: data?.promo.code ?? "" }));
}

const promoIdOf = (raw: string | undefined) => {
  const id = idParam(raw);
  if (id === null) throw management.notFound();
  return id;
};

/** A code's rules and its uses, one page at a time. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await management.guard(context, request, "promos.edit");
  const { page } = listQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const detail = await management.promoDetail(context.app, promoIdOf(params.promoId), page);
  if (!detail) throw management.notFound();
  return { ...detail, page };
}

/** On and off. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = promoIdOf(params.promoId);
  const { staff, form } = await management.staffAction(context, request, "promos.edit");
  const parsed = promoActiveSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalidAnswer("active", {});
  return outcomeAnswer("active", await management.setPromoActive(context.app, staff, id, parsed.data.active));
}

export { SectionError as ErrorBoundary };

export default function Promo({ loaderData, actionData }: Route.ComponentProps) {
  return <PromoPage loaderData={loaderData} actionData={actionData} />;
}
