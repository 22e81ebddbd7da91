import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/game-period";
import {
  ActionMessage,
  buttonClass,
  Cell,
  dangerButtonClass,
  fieldsOf,
  Panel,
  Row,
  secondaryButtonClass,
  Table,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { PeriodFields } from "~/features/management/period-fields";
import { CsrfField } from "~/ui/CsrfField";
import { formatDateTimeTr } from "~/shared/management";
import { claimSchema, gamePeriodSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const g = t.game;
const w = t.period;

type Winner = Route.ComponentProps["loaderData"]["winners"][number];

function stateText(x: Winner): string {
  if (x.out === "rejected") return w.rejected;
  if (x.out === "lapsed") return w.lapsed;
  return x.state === "asil" ? w.asil : fmt(w.yedek, { n: x.reserveNo ?? 0 });
}

/** The fortune game period screen (route: routes/management/game-period.tsx, /management/game/periods/:periodId). */
export function GamePeriodPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { period, winners } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const edit = useZodForm(gamePeriodSchema, fieldsOf(result, "period"));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">
          {fmt(w.title, { id: period.id })} <span className="text-base font-normal">({g.states[period.state]})</span>
        </h1>
        <Link to="/management/game" className="underline">
          {w.back}
        </Link>
      </div>
      <ActionMessage result={result} />

      <Panel id="period-winners" title={w.winners} hint={g.codesHint}>
        {winners.length === 0 ? (
          <p className="text-sm">{w.noWinners}</p>
        ) : (
          <Table caption={w.winners} columns={[w.place, w.nick, w.state, w.prize, w.code, w.wonAt, w.claimBy, w.actions]}>
            {winners.map((x) => (
              <Row key={x.id}>
                <Cell label={w.place}>{x.place ?? t.common.none}</Cell>
                <Cell label={w.nick}>{x.nick}</Cell>
                <Cell label={w.state}>{stateText(x)}</Cell>
                <Cell label={w.prize}>{x.prize || t.common.none}</Cell>
                <Cell label={w.code} className="font-mono">
                  {x.code}
                </Cell>
                <Cell label={w.wonAt}>{formatDateTimeTr(x.wonAt)}</Cell>
                <Cell label={w.claimBy}>{x.claimedAt ? fmt(w.claimedAt, { at: formatDateTimeTr(x.claimedAt) }) : formatDateTimeTr(x.claimBy)}</Cell>
                <Cell label={w.actions}>
                  {x.out === null ? <WinnerActions winner={x} result={result} busy={busy} /> : null}
                </Cell>
              </Row>
            ))}
          </Table>
        )}
      </Panel>

      <Panel id="period-edit" title={w.edit}>
        <Form method="post" onSubmit={edit.onSubmit} noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="period" />
          <PeriodFields errors={edit.errors} value={period} />
          <button type="submit" className={`${buttonClass} mt-4`} {...busyProps(busy)}>
            {w.save}
          </button>
        </Form>
      </Panel>
    </div>
  );
}

/** Claim (the direct message's sender is typed, prefilled with the winner's nickname) or reject. */
function WinnerActions({ winner, result, busy }: { winner: Winner; result: ActionResult | undefined; busy: boolean }) {
  const key = `claim-${winner.code}`;
  const claim = useZodForm(claimSchema, fieldsOf(result, key));
  return (
    <div className="flex flex-col gap-2">
      {winner.claimedAt ? null : (
        <Form method="post" onSubmit={claim.onSubmit} noValidate className="flex flex-wrap items-end gap-2">
          <CsrfField />
          <input type="hidden" name="intent" value="claim" />
          <input type="hidden" name="code" value={winner.code} />
          <label className="sr-only" htmlFor={`sender-${winner.id}`}>
            {fmt(w.senderFor, { code: winner.code })}
          </label>
          <input
            id={`sender-${winner.id}`}
            name="nick"
            defaultValue={winner.nick}
            className="min-h-11 w-40 rounded-lg border border-choc-200 bg-white px-2"
            aria-invalid={claim.errors.nick || claim.errors.code ? true : undefined}
          />
          <button type="submit" className={secondaryButtonClass} {...busyProps(busy)} aria-label={fmt(w.claimLabel, { nick: winner.nick })}>
            {w.claimed}
          </button>
        </Form>
      )}
      <Form method="post">
        <CsrfField />
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="code" value={winner.code} />
        <button type="submit" className={dangerButtonClass} {...busyProps(busy)} aria-label={fmt(w.rejectLabel, { nick: winner.nick })}>
          {g.reject}
        </button>
      </Form>
    </div>
  );
}
