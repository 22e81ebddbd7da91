import type { Route } from "./+types/menu";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { MenuPage } from "~/features/management/MenuPage";
import { pageTitle } from "~/ui/PageTitle";
import { fieldErrors } from "~/shared/management";
import { menuTileSchema } from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const m = t.menu;

export function meta() {
  return pageTitle(m.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "menu.edit");
  return { tiles: await management.menuPage(context.app) };
}

/** One tile at a time: texts, link, size, order, colours, shown or hidden. */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "menu.edit");
  const values = Object.fromEntries(form);
  const key = `tile-${String(values.pageId ?? "")}`;
  const parsed = menuTileSchema.safeParse(values);
  if (!parsed.success) return invalidAnswer(key, fieldErrors(parsed.error));
  return outcomeAnswer(key, await management.saveTile(context.app, staff, parsed.data));
}

export { SectionError as ErrorBoundary };

export default function Menu({ loaderData, actionData }: Route.ComponentProps) {
  return <MenuPage loaderData={loaderData} actionData={actionData} />;
}
