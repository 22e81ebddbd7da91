import { useState } from "react";
import { normalizeMediaLink, giftNoteFormSchema } from "~/shared/basket-forms";
import { LIMITS } from "~/shared/constants";
import { basketTr } from "~/shared/texts/basket.tr";
import { fmt } from "~/shared/texts/tr";
import { Dialog } from "~/ui/Dialog";

const t = basketTr.giftNote;

export interface GiftNoteErrors {
  notes?: string;
  link?: string;
}

/**
 * Gift note (max 250, live counter) and the media toggle revealing the link field (max 500) with the
 * 'DİJİTAL NOTU GÖSTER' preview (SPEC §2.7). The fields belong to the checkout form (`form` id): the note is
 * saved by 'Siparişi Tamamla'. With the toggle off no link is sent.
 */
export function GiftNote({ form, initial, errors }: { form: string; initial: { notes: string; link: string }; errors: GiftNoteErrors }) {
  const [notes, setNotes] = useState(initial.notes);
  const [withMedia, setWithMedia] = useState(initial.link !== "");
  const [link, setLink] = useState(initial.link);
  const [preview, setPreview] = useState(false);
  const [touched, setTouched] = useState(false);
  const check = giftNoteFormSchema.safeParse({ notes, withMedia, link });
  const own: GiftNoteErrors = {};
  if (!check.success) for (const i of check.error.issues) own[i.path[0] === "link" ? "link" : "notes"] ??= i.message;
  const shown = { notes: errors.notes ?? (touched ? own.notes : undefined), link: errors.link ?? (touched ? own.link : undefined) };
  const usable = withMedia ? normalizeMediaLink(link) : "";
  return (
    <section aria-labelledby="gift-note" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-choc-100">
      <h2 id="gift-note" className="text-lg font-bold text-choc-900">
        {t.title}
      </h2>
      <div className="mt-3 flex flex-col gap-1">
        <label htmlFor="notes" className="text-sm font-semibold">
          {t.label}
        </label>
        <textarea
          id="notes"
          name="notes"
          form={form}
          rows={4}
          maxLength={LIMITS.giftNoteMax}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          onBlur={() => setTouched(true)}
          aria-describedby={shown.notes ? "notes-hint notes-counter notes-error" : "notes-hint notes-counter"}
          aria-invalid={shown.notes ? true : undefined}
          className="rounded-lg border border-choc-200 bg-white p-3 text-base aria-invalid:border-red-700"
        />
        <div className="flex justify-between gap-2 text-sm text-stone-700">
          <span id="notes-hint">{t.hint}</span>
          <span id="notes-counter" aria-live="polite" aria-label={fmt(t.counterAria, { n: notes.length, max: LIMITS.giftNoteMax })}>
            {fmt(t.counter, { n: notes.length, max: LIMITS.giftNoteMax })}
          </span>
        </div>
        {shown.notes ? (
          <p id="notes-error" role="alert" className="text-sm text-red-800">
            {shown.notes}
          </p>
        ) : null}
      </div>
      <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          name="withMedia"
          form={form}
          checked={withMedia}
          onChange={(e) => setWithMedia(e.target.checked)}
          className="h-5 w-5 accent-choc-700"
        />
        <span className="font-semibold">{t.mediaToggle}</span>
      </label>
      {withMedia ? (
        <div className="mt-2 flex flex-col gap-1">
          <label htmlFor="link" className="text-sm font-semibold">
            {t.linkLabel}
          </label>
          <input
            id="link"
            name="link"
            form={form}
            type="text"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.mediaLinkMax}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-describedby={shown.link ? "link-hint link-error" : "link-hint"}
            aria-invalid={shown.link ? true : undefined}
            className="min-h-11 rounded-lg border border-choc-200 bg-white px-3 text-base aria-invalid:border-red-700"
          />
          <p id="link-hint" className="text-sm text-stone-700">
            {t.linkHint}
          </p>
          {shown.link ? (
            <p id="link-error" role="alert" className="text-sm text-red-800">
              {shown.link}
            </p>
          ) : null}
          {usable ? (
            <a href={usable} target="_blank" rel="noopener noreferrer" className="min-h-11 self-start py-2 text-sm font-semibold text-choc-800 underline">
              {t.testLink}
            </a>
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        onClick={() => setPreview(true)}
        className="mt-3 min-h-11 rounded-lg border border-choc-700 px-4 py-2 text-sm font-bold tracking-wide text-choc-900 hover:bg-choc-50"
      >
        {t.preview}
      </button>
      <Dialog open={preview} onClose={() => setPreview(false)} title={t.previewTitle} wide>
        <div className="rounded-xl bg-choc-50 p-5 text-center">
          <p className="whitespace-pre-wrap break-words font-serif text-lg leading-relaxed text-choc-900">{notes.trim() || t.previewEmpty}</p>
          {usable ? (
            <a href={usable} target="_blank" rel="noopener noreferrer" className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-choc-700 px-4 font-bold text-white">
              {t.previewLink}
            </a>
          ) : null}
        </div>
      </Dialog>
    </section>
  );
}

/** The browser-side check run before 'Siparişi Tamamla' posts (same schema as the server). */
export function giftNoteErrors(form: HTMLFormElement): GiftNoteErrors {
  const fd = new FormData(form);
  const r = giftNoteFormSchema.safeParse({
    notes: String(fd.get("notes") ?? ""),
    withMedia: fd.get("withMedia") === "on",
    link: String(fd.get("link") ?? ""),
  });
  const out: GiftNoteErrors = {};
  if (!r.success) for (const i of r.error.issues) out[i.path[0] === "link" ? "link" : "notes"] ??= i.message;
  return out;
}
