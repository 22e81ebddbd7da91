import { data } from "react-router";
import { refusal } from "~/.server/http/refuse";
import type { Route } from "./+types/printnote";
import * as printing from "~/.server/printing/service";
import { PrintedNote } from "~/features/notes/PrintedNote";
import { notesTr } from "~/shared/texts/notes.tr";
import { pageTitle } from "~/ui/PageTitle";

const t = notesTr.print;

export function meta() {
  return [...pageTitle(t.title), { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The printable gift note /printnote/{order} (SPEC §2.12), without site chrome. Only the order's owner, staff or
 * a signed link may open it; anyone else gets 404 whether the order exists or not.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const order = await printing.printableOrder(context.app, request, "note", params.order);
  if (!order) throw refusal(null, 404, { headers: { "Cache-Control": "no-store" } });
  const note = await printing.noteView(context.app, order);
  return data({ note }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function PrintNote({ loaderData }: Route.ComponentProps) {
  if (!loaderData.note) {
    return (
      <section className="mx-auto max-w-md px-4 py-10">
        <h1 className="text-xl font-bold text-choc-900">{t.title}</h1>
        <p className="mt-3">{t.noNote}</p>
      </section>
    );
  }
  return <PrintedNote note={loaderData.note} />;
}
