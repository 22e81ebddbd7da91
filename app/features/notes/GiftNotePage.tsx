import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "../../routes/+types/gift-note";
import { GiftProductCard } from "~/features/notes/GiftProductCard";
import { NoteOverlay } from "~/features/notes/NoteOverlay";
import { buttonClass } from "~/features/account/Field";
import { networkErrorText } from "~/shared/network";
import { notesTr } from "~/shared/texts/notes.tr";
import { CsrfField } from "~/ui/CsrfField";
import { isNetworkFailure } from "~/ui/network";
import { useNotice } from "~/ui/Notices";

const t = notesTr.viewer;

/** The recipient's gift note screen /s/{code} (SPEC §2.9; its data and form: routes/gift-note.tsx). */
export function GiftNotePage({ loaderData: v }: Pick<Route.ComponentProps, "loaderData">) {
  const [open, setOpen] = useState(v.overlayOpen);
  const fetcher = useFetcher<NonNullable<Route.ComponentProps["actionData"]>>();
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
