import type { Ref } from "react";
import { placeLabel, waitNotice } from "~/shared/fortune";
import { fortuneTr } from "~/shared/texts/fortune.tr";
import { fmt } from "~/shared/texts/tr";
import type { AskView } from "./types";

type Props = { view: Extract<AskView, { ok: true }>; headingRef?: Ref<HTMLHeadingElement> };

/** Title, the fortune, the wait notice and the win box or the non-win text (SPEC §2.10). */
export function FortuneResultView({ view, headingRef }: Props) {
  const { obj, message, minutesToNextFortune } = view.result;
  const won = obj.code !== "";
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm" data-testid="fortune-result">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-choc-800 focus:outline-none">
        {fmt(fortuneTr.resultTitle, { nick: view.nick })}
      </h2>
      <blockquote className="mt-3 border-l-4 border-gold-400 pl-4 text-xl leading-relaxed text-choc-900">{message}</blockquote>
      <p className="mt-4 text-sm text-stone-700">{waitNotice(minutesToNextFortune)}</p>
      {won ? (
        <div className="mt-5 rounded-xl border-2 border-gold-400 bg-choc-50 p-4" role="group" aria-label={fortuneTr.winTitle}>
          <p className="text-lg font-bold text-choc-900">{fortuneTr.winTitle}</p>
          <p className="mt-1 text-choc-800">{obj.text}</p>
          <p className="mt-3 text-sm text-stone-700">{fortuneTr.winCodeLabel}</p>
          <p className="font-mono text-2xl font-bold tracking-widest text-choc-900" data-testid="fortune-code">
            {obj.code}
          </p>
          <p className="mt-2 text-sm text-choc-800">
            {fmt(fortuneTr.winnerLine, { nick: view.nick, place: obj.place, label: placeLabel(obj.place, view.prizeCount) })}
          </p>
          {view.claimBy ? <p className="mt-1 text-sm text-stone-700">{fmt(fortuneTr.claimBy, { deadline: view.claimBy })}</p> : null}
        </div>
      ) : (
        <p className="mt-5 rounded-xl bg-choc-50 p-4 text-choc-800">{obj.text}</p>
      )}
    </div>
  );
}
