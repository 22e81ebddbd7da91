import { useCallback, useEffect, useState, type ReactNode } from "react";
import { data, isRouteErrorResponse, Link, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/gift-note";
import * as accounts from "~/.server/accounts/service";
import * as notes from "~/.server/notes/service";
import { GiftProductCard } from "~/features/notes/GiftProductCard";
import { NoteOverlay } from "~/features/notes/NoteOverlay";
import { buttonClass } from "~/features/account/Field";
import { networkErrorText } from "~/shared/network";
import { notesTr } from "~/shared/texts/notes.tr";
import { tr } from "~/shared/texts/tr";
import { CsrfField } from "~/ui/CsrfField";
import { catchNetworkFailure, isNetworkFailure } from "~/ui/network";
import { useNotice } from "~/ui/Notices";
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

export default function GiftNote({ loaderData: v }: Route.ComponentProps) {
  const [open, setOpen] = useState(v.overlayOpen);
  const fetcher = useFetcher<typeof clientAction>();
  const notify = useNotice();
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => setOpen(v.overlayOpen), [v.overlayOpen]);
  useEffect(() => {
    const r = fetcher.data;
    if (!r || fetcher.state !== "idle") return;
    if (isNetworkFailure(r)) notify(networkErrorText(navigator.onLine), "error");
    else if (r.ok) notify(t.hidden, "success");
    else notify(t.hideFailed, "error");
  }, [fetcher.data, fetcher.state, notify]);
  const showOverlay = open && v.messageActive;
  const hideForm = (button: ReactNode) => (
    <fetcher.Form method="post" onSubmit={() => setOpen(false)}>
      <CsrfField />
      {button}
    </fetcher.Form>
  );
  return (
    <>
      <section className="mx-auto flex max-w-md flex-col gap-5 px-4 py-8" inert={showOverlay}>
        {v.messageActive ? (
          <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
            <p aria-hidden="true" className="text-4xl">
              🎁
            </p>
            <h1 className="mt-2 text-2xl font-bold text-choc-900">{t.introTitle}</h1>
            <p className="mt-3 text-stone-800">{t.introBody}</p>
            <Link
              to={`/s/${v.code}`}
              onClick={(e) => {
                e.preventDefault();
                setOpen(true);
              }}
              className={`${buttonClass} mt-5 inline-flex items-center tracking-wide`}
            >
              {t.showMessage}
            </Link>
          </div>
        ) : (
          <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
            <h1 className="text-2xl font-bold text-choc-900">{t.thanksTitle}</h1>
            <p className="mt-3 text-stone-800">{t.thanksBody}</p>
          </div>
        )}
        {v.product ? <GiftProductCard product={v.product} productionDate={v.productionDate} /> : null}
      </section>
      {showOverlay ? <NoteOverlay notes={v.notes} link={v.link} onClose={close} hideForm={hideForm} /> : null}
    </>
  );
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
