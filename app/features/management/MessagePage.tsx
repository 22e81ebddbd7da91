import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/message";
import { ActionMessage, buttonClass, Panel, secondaryButtonClass, type ActionResult } from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { formatDateTimeTr } from "~/shared/management";
import type { MessageState } from "~/shared/management-forms";
import { contactTr } from "~/shared/texts/contact.tr";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const m = t.messages;

const MOVES: Record<MessageState, { to: MessageState; label: string }[]> = {
  new: [
    { to: "read", label: m.markRead },
    { to: "answered", label: m.markAnswered },
  ],
  read: [
    { to: "answered", label: m.markAnswered },
    { to: "new", label: m.markNew },
  ],
  answered: [
    { to: "read", label: m.markRead },
    { to: "new", label: m.markNew },
  ],
};

/** One contact message's screen (route: routes/management/message.tsx, /management/messages/:messageId). */
export function MessagePage({ loaderData: msg, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const findus = (contactTr.findusOptions as Record<string, string>)[msg.findus] ?? msg.findus;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{fmt(m.detail, { name: msg.name, date: formatDateTimeTr(msg.createdAt) })}</h1>
        <Link to="/management/messages" className="underline">
          {m.back}
        </Link>
      </div>
      <ActionMessage result={result} />
      <Panel id="message-body" title={m.message}>
        <p className="whitespace-pre-wrap">{msg.message}</p>
        <dl className="mt-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-stone-600">{m.from}</dt>
            <dd className="font-medium break-all">
              {msg.name} · {msg.email ?? m.noEmail}
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">{m.findus}</dt>
            <dd className="font-medium">{findus}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{m.news}</dt>
            <dd className="font-medium">{msg.news ? m.newsYes : m.newsNo}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{m.state}</dt>
            <dd className="font-medium">
              {m.states[msg.state]}
              {msg.readAt ? <span className="block text-xs font-normal">{fmt(m.readAt, { at: formatDateTimeTr(msg.readAt) })}</span> : null}
              {msg.answeredAt ? <span className="block text-xs font-normal">{fmt(m.answeredAt, { at: formatDateTimeTr(msg.answeredAt) })}</span> : null}
            </dd>
          </div>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          {msg.email ? (
            <a href={`mailto:${msg.email}?subject=${encodeURIComponent(m.replySubject)}`} className={secondaryButtonClass}>
              {m.reply}
            </a>
          ) : null}
          {MOVES[msg.state].map((move, i) => (
            <Form method="post" key={move.to}>
              <CsrfField />
              <input type="hidden" name="state" value={move.to} />
              <button type="submit" className={i === 0 ? buttonClass : secondaryButtonClass} {...busyProps(busy)}>
                {move.label}
              </button>
            </Form>
          ))}
        </div>
      </Panel>
    </div>
  );
}
