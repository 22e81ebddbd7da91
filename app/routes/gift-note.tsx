import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/gift-note";
import * as accounts from "~/.server/accounts/service";
import * as notes from "~/.server/notes/service";
import { GiftNotePage } from "~/features/notes/GiftNotePage";
import { notesTr } from "~/shared/texts/notes.tr";
import { tr } from "~/shared/texts/tr";
import { catchNetworkFailure } from "~/ui/network";
import { pageTitle } from "~/ui/PageTitle";

const t = notesTr.viewer;

export function meta() {
  return [...pageTitle(t.title), { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The recipient's digital gift note /s/{code} (SPEC §2.9, §4): an intro page with the note overlay while the
 * note exists and is active, otherwise a thank-you card; what was sent (name, production date, contents, product
 * link) but never a price. An unknown code goes home.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const v = await notes.viewer(context.app, params.id);
  if (!v) throw redirect("/home");
  const closed = new URL(request.url).searchParams.has("kapat");
  return data({ ...v, overlayOpen: v.messageActive && !closed }, { headers: { "Cache-Control": "no-store" } });
}

type Answer = { ok: boolean };

/** 'MESAJI BİR DAHA GÖSTERME': hides the note of this code on the server. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await accounts.verifyCsrf(context, request, form);
  if (form.get("intent") !== "hide") return data<Answer>({ ok: false }, { status: 400 });
  const ok = await notes.hide(context.app, params.id);
  if (!ok) throw redirect("/home");
  return data<Answer>({ ok: true });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return catchNetworkFailure(serverAction);
}

export default function GiftNote({ loaderData }: Route.ComponentProps) {
  return <GiftNotePage loaderData={loaderData} />;
}

/** The note could not be loaded (server or network failure): SPEC §8 'Hediye notu sunucudan alınamadı'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) throw error;
  return (
    <section className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-choc-900">{t.title}</h1>
      <p role="alert" className="mt-4">
        {t.fetchFailed}
      </p>
      <p className="mt-6">
        <Link to="/home" className="inline-flex min-h-11 items-center underline">
          {tr.common.home}
        </Link>
      </p>
    </section>
  );
}
