import type { Route } from "./+types/outbox";
import * as management from "~/.server/management/service";
import { failedMessages, resendMessages } from "~/.server/management/outbox-desk";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { OutboxPage } from "~/features/management/OutboxPage";
import { pageTitle } from "~/ui/PageTitle";
import { idParam } from "~/shared/management-forms";
import { messagingTr } from "~/shared/texts/messaging.tr";

const F = messagingTr.failed;

export function meta() {
  return pageTitle(F.title);
}

/** Mails and SMS that failed for good, newest first, with the reason (issue 28 §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "outbox.resend");
  return failedMessages(context.app);
}

/** Resend one (`id`) or all (`all`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "outbox.resend");
  if (form.get("all") === "1") return outcomeAnswer("resend", await resendMessages(context.app, staff, null));
  const id = idParam(String(form.get("id") ?? ""));
  if (id === null) return invalidAnswer("resend", { id: F.gone });
  return outcomeAnswer("resend", await resendMessages(context.app, staff, id));
}

export { SectionError as ErrorBoundary };

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  return <OutboxPage loaderData={loaderData} actionData={actionData} />;
}
