import { useState } from "react";
import { NOTE_BACKGROUNDS, NOTE_BASE_FONT_PT, NOTE_FONT, NOTE_MARGIN, nextBackground, stepFont, stepMargin } from "~/shared/print-note";
import { notesTr } from "~/shared/texts/notes.tr";
import { fmt } from "~/shared/texts/tr";
import { useHydrated } from "~/ui/useHydrated";

const t = notesTr.print;

/** Page CSS of the printed note: exactly the card on one A6 page, no buttons. */
const PRINT_CSS = `
@page { size: 105mm 148mm; margin: 0; }
.note-card { width: 105mm; height: 148mm; }
@media screen and (max-width: 440px) { .note-card { zoom: 0.85; } }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; min-height: 0 !important; height: auto !important; background: #fff !important; }
  .note-page { padding: 0 !important; margin: 0 !important; gap: 0 !important; }
  .note-card { zoom: 1 !important; box-shadow: none !important; border-radius: 0 !important; break-inside: avoid; break-after: avoid; }
}
`;

const toolButton =
  "min-h-11 min-w-11 rounded-lg border border-choc-700 bg-white px-3 font-semibold text-choc-900 hover:bg-choc-100 disabled:opacity-50";

export interface PrintedNoteData {
  notes: string;
  qr: { url: string; shortAddress: string; code: string; image: string } | null;
}

/**
 * The printed gift note (SPEC §2.12): the note on a background image; Font +/− (10 %), Margin +/− (5 px), colour
 * change (five backgrounds with matching text colours); with a media link, the note that interactive content is
 * enclosed, a QR code to the recipient's page and its short address. The buttons are not printed.
 */
export function PrintedNote({ note }: { note: PrintedNoteData }) {
  const hydrated = useHydrated();
  const [font, setFont] = useState<number>(NOTE_FONT.initial);
  const [margin, setMargin] = useState<number>(NOTE_MARGIN.initial);
  const [bg, setBg] = useState(0);
  const background = NOTE_BACKGROUNDS[bg]!;
  const bgName = t.backgrounds[bg]!;
  return (
    <div className="note-page flex flex-col items-center gap-4 px-4 py-6">
      <style>{PRINT_CSS}</style>
      <div className="no-print flex w-full max-w-md flex-col gap-3 print:hidden">
        <h1 className="text-xl font-bold text-choc-900">{t.title}</h1>
        <div role="toolbar" aria-label={t.toolbar} className="flex flex-wrap gap-2">
          <button type="button" disabled={!hydrated || font <= NOTE_FONT.min} onClick={() => setFont((f) => stepFont(f, -1))} aria-label={t.fontSmallerAria} className={toolButton}>
            {t.fontSmaller}
          </button>
          <button type="button" disabled={!hydrated || font >= NOTE_FONT.max} onClick={() => setFont((f) => stepFont(f, 1))} aria-label={t.fontLargerAria} className={toolButton}>
            {t.fontLarger}
          </button>
          <button type="button" disabled={!hydrated || margin <= NOTE_MARGIN.min} onClick={() => setMargin((m) => stepMargin(m, -1))} aria-label={t.marginSmallerAria} className={toolButton}>
            {t.marginSmaller}
          </button>
          <button type="button" disabled={!hydrated || margin >= NOTE_MARGIN.max} onClick={() => setMargin((m) => stepMargin(m, 1))} aria-label={t.marginLargerAria} className={toolButton}>
            {t.marginLarger}
          </button>
          <button type="button" disabled={!hydrated} onClick={() => setBg(nextBackground)} aria-label={fmt(t.colourAria, { name: bgName })} className={toolButton}>
            {t.colour}
          </button>
          <button type="button" disabled={!hydrated} onClick={() => window.print()} className="min-h-11 rounded-lg bg-choc-700 px-4 font-semibold text-white hover:bg-choc-800 disabled:opacity-50">
            {t.print}
          </button>
        </div>
        <p aria-live="polite" className="text-sm text-stone-700" data-testid="note-status">
          {fmt(t.status, { font, margin, name: bgName })}
        </p>
      </div>
      <article
        data-testid="note-card"
        data-background={bg}
        className="note-card relative overflow-hidden rounded-md shadow-lg"
        style={{ color: background.text }}
      >
        <img src={background.image} alt="" aria-hidden="true" className="absolute inset-0 h-full w-full" />
        <div className="relative flex h-full flex-col items-center justify-center gap-3 text-center" style={{ padding: `${margin}px` }}>
          {note.notes ? (
            <p data-testid="note-text" className="whitespace-pre-wrap break-words font-serif leading-snug" style={{ fontSize: `${(NOTE_BASE_FONT_PT * font) / 100}pt` }}>
              {note.notes}
            </p>
          ) : null}
          {note.qr ? (
            <div className="flex flex-col items-center gap-1.5" style={{ fontSize: "7.5pt" }}>
              <p className="font-semibold">{t.interactive}</p>
              <img src={note.qr.image} width={100} height={100} alt={fmt(t.qrAlt, { address: note.qr.shortAddress })} className="h-[26mm] w-[26mm] rounded-sm bg-white" />
              <p>{t.scan}</p>
              <p className="font-mono font-bold break-all" data-testid="note-short-address">
                {note.qr.shortAddress}
              </p>
            </div>
          ) : null}
        </div>
      </article>
    </div>
  );
}
