import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/game";
import {
  ActionMessage,
  buttonClass,
  Cell,
  CheckField,
  dangerButtonClass,
  fieldsOf,
  Pagination,
  Panel,
  Row,
  secondaryButtonClass,
  Table,
  TextAreaField,
  TextField,
  useZodForm,
  withParams,
  type ActionResult,
} from "~/features/management/ui";
import { PeriodFields } from "~/features/management/period-fields";
import { CsrfField } from "~/ui/CsrfField";
import { busyProps } from "~/ui/busy";
import { formatDateTimeTr } from "~/shared/management";
import { claimSchema, followerSchema, fortuneTextSchema, gamePeriodSchema, prizeCodeSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const g = t.game;

type Fortune = Route.ComponentProps["loaderData"]["fortunes"][number];

/** The fortune game's staff screen (route: routes/management/game.tsx, /management/game). */
export function GamePage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { periods, periodPage, periodPages, fortunes, textPage, textPages, followers, followerPage, followerPages, followersTotal, q } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const period = useZodForm(gamePeriodSchema, fieldsOf(result, "period"));
  const add = useZodForm(fortuneTextSchema, fieldsOf(result, "fortuneAdd"));
  const follower = useZodForm(followerSchema, fieldsOf(result, "follower"));
  const claim = useZodForm(claimSchema, fieldsOf(result, "claim"));
  const reject = useZodForm(prizeCodeSchema, fieldsOf(result, "reject"));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{g.title}</h1>
      <ActionMessage result={result} />

      <Panel id="game-codes" title={g.codes} hint={g.codesHint}>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Form method="post" onSubmit={claim.onSubmit} noValidate className="flex flex-col gap-3" aria-label={g.claim}>
            <CsrfField />
            <input type="hidden" name="intent" value="claim" />
            <TextField label={g.code} name="code" autoCapitalize="characters" autoComplete="off" required error={claim.errors.code} />
            <TextField label={g.senderNick} name="nick" autoComplete="off" required error={claim.errors.nick} />
            <div>
              <button type="submit" className={buttonClass} {...busyProps(busy)}>
                {g.claim}
              </button>
            </div>
          </Form>
          <Form method="post" onSubmit={reject.onSubmit} noValidate className="flex flex-col gap-3" aria-label={g.reject}>
            <CsrfField />
            <input type="hidden" name="intent" value="reject" />
            <TextField label={g.code} name="code" autoCapitalize="characters" autoComplete="off" hint={g.rejectHint} required error={reject.errors.code} />
            <div>
              <button type="submit" className={dangerButtonClass} {...busyProps(busy)}>
                {g.reject}
              </button>
            </div>
          </Form>
        </div>
      </Panel>

      <Panel id="game-periods" title={g.periods}>
        <Table caption={g.periods} columns={[g.period, g.startsAt, g.endsAt, g.prizesShort, g.chance, g.followerChances, t.catalog.state]}>
          {periods.map((p) => (
            <Row key={p.id}>
              <Cell label={g.period}>
                <Link to={`/management/game/periods/${p.id}`} className="font-semibold underline" aria-label={fmt(g.openPeriod, { id: p.id })}>
                  #{p.id}
                </Link>
              </Cell>
              <Cell label={g.startsAt}>{formatDateTimeTr(p.startsAt)}</Cell>
              <Cell label={g.endsAt}>{formatDateTimeTr(p.endsAt)}</Cell>
              <Cell label={g.prizesShort}>
                {p.prizeCount} / {p.reserveCount}
              </Cell>
              <Cell label={g.chance}>%{(p.winChanceBp / 100).toLocaleString("tr-TR")}</Cell>
              <Cell label={g.followerChances}>{p.followerChances}</Cell>
              <Cell label={t.catalog.state}>{g.states[p.state]}</Cell>
            </Row>
          ))}
        </Table>
        <div className="mt-3">
          <Pagination of={g.periods} page={periodPage} pages={periodPages} href={(n) => withParams({ q, fp: followerPage, tp: textPage }, { pp: n })} />
        </div>
      </Panel>

      <Panel id="game-new-period" title={g.newPeriod}>
        <Form method="post" onSubmit={period.onSubmit} noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="period" />
          <PeriodFields errors={period.errors} />
          <button type="submit" className={`${buttonClass} mt-4`} {...busyProps(busy)}>
            {g.createPeriod}
          </button>
        </Form>
      </Panel>

      <Panel id="game-fortunes" title={g.fortunes}>
        <Form method="post" onSubmit={add.onSubmit} noValidate className="flex flex-col gap-3" key={result?.form === "fortuneAdd" && result.ok ? result.message + fortunes.length : "add"}>
          <CsrfField />
          <input type="hidden" name="intent" value="fortuneAdd" />
          <TextAreaField label={g.fortuneNew} name="text" maxLength={500} required error={add.errors.text} />
          <div>
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {g.addFortune}
            </button>
          </div>
        </Form>
        <ul className="mt-4 flex flex-col gap-3">
          {fortunes.map((f) => (
            <li key={f.id}>
              <FortuneForm fortune={f} result={result} busy={busy} />
            </li>
          ))}
        </ul>
        <div className="mt-3">
          <Pagination of={g.fortunes} page={textPage} pages={textPages} href={(n) => withParams({ q, pp: periodPage, fp: followerPage }, { tp: n })} />
        </div>
      </Panel>

      <Panel id="game-followers" title={g.followers} hint={g.followersHint}>
        <Form method="post" onSubmit={follower.onSubmit} noValidate className="flex flex-wrap items-end gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="follower" />
          <TextField label={g.nick} name="nick" autoComplete="off" maxLength={50} required error={follower.errors.nick} />
          <div className="pb-2">
            <CheckField label={g.follower} name="follower" defaultChecked />
          </div>
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {g.setFollower}
          </button>
        </Form>
        <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
          <TextField label={g.qNick} name="q" type="search" defaultValue={q} />
          <button type="submit" className={secondaryButtonClass}>
            {t.common.search}
          </button>
        </Form>
        <p aria-live="polite" className="mt-2 text-sm">
          {fmt(t.common.results, { total: followersTotal })}
        </p>
        {followers.length === 0 ? (
          <p className="mt-2 text-sm">{g.noFollowers}</p>
        ) : (
          <div className="mt-2">
            <Table caption={g.followers} columns={[g.nick, g.since, t.order.actions]}>
              {followers.map((f) => (
                <Row key={f.nick}>
                  <Cell label={g.nick}>{f.displayNick}</Cell>
                  <Cell label={g.since}>{formatDateTimeTr(f.since)}</Cell>
                  <Cell label={t.order.actions}>
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="intent" value="follower" />
                      <input type="hidden" name="nick" value={f.displayNick} />
                      <button type="submit" className={secondaryButtonClass} {...busyProps(busy)} aria-label={fmt(g.unfollowLabel, { nick: f.displayNick })}>
                        {g.unfollow}
                      </button>
                    </Form>
                  </Cell>
                </Row>
              ))}
            </Table>
          </div>
        )}
        <div className="mt-3">
          <Pagination of={g.followers} page={followerPage} pages={followerPages} href={(n) => withParams({ q, pp: periodPage, tp: textPage }, { fp: n })} />
        </div>
      </Panel>
    </div>
  );
}

function FortuneForm({ fortune, result, busy }: { fortune: Fortune; result: ActionResult | undefined; busy: boolean }) {
  const form = useZodForm(fortuneTextSchema, fieldsOf(result, `fortuneEdit-${fortune.id}`));
  return (
    <div className={`rounded-lg border p-3 ${fortune.active ? "border-choc-100" : "border-stone-300 bg-stone-50"}`}>
      <Form method="post" onSubmit={form.onSubmit} noValidate className="flex flex-col gap-2">
        <CsrfField />
        <input type="hidden" name="intent" value="fortuneEdit" />
        <input type="hidden" name="id" value={fortune.id} />
        <TextAreaField
          label={fmt(g.fortuneTextOf, { id: fortune.id })}
          name="text"
          defaultValue={fortune.text}
          maxLength={500}
          required
          error={form.errors.text}
          hint={fortune.active ? undefined : g.retired}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={secondaryButtonClass} {...busyProps(busy)}>
            {t.forms.save}
          </button>
        </div>
      </Form>
      <Form method="post" className="mt-2">
        <CsrfField />
        <input type="hidden" name="intent" value="fortuneActive" />
        <input type="hidden" name="id" value={fortune.id} />
        <input type="hidden" name="active" value={fortune.active ? "" : "on"} />
        <button type="submit" className={secondaryButtonClass} {...busyProps(busy)}>
          {fortune.active ? g.retire : g.restore}
        </button>
      </Form>
    </div>
  );
}
