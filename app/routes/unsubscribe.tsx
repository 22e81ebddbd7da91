import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import * as consent from "~/.server/consent/service";
import { consentTr } from "~/shared/texts/consent.tr";
import { fmt } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";

const t = consentTr.unsubscribe;

export function meta() {
  return [...pageTitle(t.title), { name: "robots", content: "noindex, nofollow" }];
}

function params(request: Request) {
  const q = new URL(request.url).searchParams;
  return { email: q.get("e") ?? "", sig: q.get("sig") ?? "" };
}

/**
 * /iletisim-izni/ayril?e=…&sig=… (issue 26 §4): the link in every marketing mail. Opening it withdraws the
 * consent at once — one click (decision 0034) — and is recorded with the time and address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email, sig } = params(request);
  const ok = await consent.withdrawBySignedLink(context.app, email, sig, "unsubscribe-link", context.clientIp);
  return data({ ok, email: ok ? email : "" }, { status: ok ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

/** RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click` to the List-Unsubscribe address. */
export async function action({ request, context }: Route.ActionArgs) {
  const { email, sig } = params(request);
  const ok = await consent.withdrawBySignedLink(context.app, email, sig, "list-unsubscribe", context.clientIp);
  return data({ ok, email: ok ? email : "" }, { status: ok ? 200 : 400 });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const d = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t.title}</h1>
        <p className="mt-3 [overflow-wrap:anywhere]" role="status" data-testid="unsubscribe-result">
          {d.ok ? fmt(t.done, { email: d.email }) : t.invalid}
        </p>
      </div>
    </section>
  );
}
