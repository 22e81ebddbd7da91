import type { Route } from "./+types/messages";
import * as management from "~/.server/management/service";
import { SectionError } from "~/features/management/ui";
import { MessagesPage } from "~/features/management/MessagesPage";
import { pageTitle } from "~/ui/PageTitle";
import { messageFilterSchema } from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const m = t.messages;

export function meta() {
  return pageTitle(m.title);
}

/** The contact-form inbox, newest first, by state and text, one page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "messages.handle");
  const filter = messageFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { filter, ...(await management.inbox(context.app, filter)) };
}

export { SectionError as ErrorBoundary };

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <MessagesPage loaderData={loaderData} />;
}
