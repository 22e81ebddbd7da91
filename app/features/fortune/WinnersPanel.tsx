import { placeLabel } from "~/shared/fortune";
import { fortuneTr } from "~/shared/texts/fortune.tr";
import { fmt, tr } from "~/shared/texts/tr";
import type { GameView } from "./types";

/** Body of 'Kazananlar Listesi': prize count, then the list or (empty) the info and a note. */
export function WinnersPanel({ game, loading, error }: { game: GameView | null; loading: boolean; error: string | null }) {
  if (loading && !game) return <p className="text-stone-700">{tr.common.loading}</p>;
  if (error) return <p className="text-red-800">{error}</p>;
  if (!game) {
    return (
      <a href="/fortune?kazananlar=1#kazananlar" className="underline">
        {fortuneTr.showWinners}
      </a>
    );
  }
  return (
    <div aria-busy={loading}>
      <p className="font-semibold">{fmt(fortuneTr.prizeCount, { count: game.prizeCount })}</p>
      {game.list.length === 0 ? (
        <>
          {game.info ? <p className="mt-2 text-stone-700">{game.info}</p> : null}
          <p className="mt-2 text-stone-700">{fortuneTr.noWinnersYet}</p>
        </>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-choc-200">
              <th scope="col" className="py-1 pr-2">{fortuneTr.winnersColumns.place}</th>
              <th scope="col" className="py-1 pr-2">{fortuneTr.winnersColumns.nick}</th>
              <th scope="col" className="py-1">{fortuneTr.winnersColumns.status}</th>
            </tr>
          </thead>
          <tbody>
            {game.list.map((w) => (
              <tr key={w.winnerPlace} className="border-b border-choc-100">
                <td className="py-1 pr-2">{w.winnerPlace}</td>
                <td className="py-1 pr-2 break-all">{w.nick}</td>
                <td className="py-1">{placeLabel(w.winnerPlace, game.prizeCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
