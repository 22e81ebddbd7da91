import { data } from "react-router";
import type { Route } from "./+types/contact";
import * as accounts from "~/.server/accounts/service";
import * as contact from "~/.server/contact/service";
import { tooManyRequests } from "~/.server/ratelimit/service";
import { contactErrors, contactSchema, contactValuesFromForm, sendKeyFromForm } from "~/shared/contact";
import { contactTr as t } from "~/shared/texts/contact.tr";
import { catchNetworkFailure } from "~/ui/network";
import { pageMeta } from "~/ui/PageMeta";
import { ContactPage, type ActionResult } from "~/features/content/ContactPage";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: t.title, description: t.intro });
}

/** POST /contact (SPEC §7): works as a plain form post; the same schema checks it in the browser. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  const values = contactValuesFromForm(form);
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, error: t.invalid, errors: contactErrors(values), values }, { status: 400 });
  }
  try {
    const r = await contact.send(context.app, parsed.data, context.clientIp, sendKeyFromForm(form));
    if (!r.ok) return tooManyRequests(r.limited);
    return data<ActionResult>({ ok: true, message: t.success });
  } catch (err) {
    context.app.log.error({ err, requestId: context.requestId }, "contact message failed");
    return data<ActionResult>({ ok: false, error: t.failure, values }, { status: 500 });
  }
}

/** With JavaScript: a request that never reached the server becomes the failure notice, not the error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return catchNetworkFailure(serverAction);
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return <ContactPage actionData={actionData} />;
}
