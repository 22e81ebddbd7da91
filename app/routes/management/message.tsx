import type { Route } from "./+types/message";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { MessagePage } from "~/features/management/MessagePage";
import { pageTitle } from "~/ui/PageTitle";
import { formatDateTimeTr } from "~/shared/management";
import { idParam, messageStateSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const m = t.messages;

export function meta({ data }: Route.MetaArgs) {
  return pageTitle(data ? fmt(m.detail, { name: data.name, date: formatDateTimeTr(data.createdAt) }) : m.title);
}

const messageIdOf = (raw: string | undefined) => {
  const id = idParam(raw);
  if (id === null) throw management.notFound();
  return id;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await management.guard(context, request, "messages.handle");
  const message = await management.message(context.app, messageIdOf(params.messageId));
  if (!message) throw management.notFound();
  return message;
}

/** New, read or answered. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = messageIdOf(params.messageId);
  const { staff, form } = await management.staffAction(context, request, "messages.handle");
  const parsed = messageStateSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalidAnswer("state", {});
  return outcomeAnswer("state", await management.setMessageState(context.app, staff, id, parsed.data.state));
}

export { SectionError as ErrorBoundary };

export default function Message({ loaderData, actionData }: Route.ComponentProps) {
  return <MessagePage loaderData={loaderData} actionData={actionData} />;
}
