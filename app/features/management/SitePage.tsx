import { Form, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/site";
import {
  ActionMessage,
  buttonClass,
  Cell,
  CheckField,
  fieldsOf,
  Panel,
  Row,
  SelectField,
  secondaryButtonClass,
  Table,
  TextAreaField,
  TextField,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { formatDateTimeTr } from "~/shared/management";
import { campaignSchema, hedef81CitySchema, maintenanceSchema, siteMessagesSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { installmentsTr } from "~/shared/texts/installments.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const s = t.siteDesk;

/** The site settings screen (route: routes/management/site.tsx, /management/site). */
export function SitePage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { status, campaign, reached, cities } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const maintenance = useZodForm(maintenanceSchema, fieldsOf(result, "maintenance"));
  const messages = useZodForm(siteMessagesSchema, fieldsOf(result, "messages"));
  const camp = useZodForm(campaignSchema, fieldsOf(result, "campaign"));
  const reach = useZodForm(hedef81CitySchema, fieldsOf(result, "reach"));
  const reachedIds = new Set(reached.map((r) => r.cityId));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{s.title}</h1>
      <ActionMessage result={result} />

      <Panel id="site-maintenance" title={s.maintenance} hint={s.maintenanceHint}>
        <Form method="post" onSubmit={maintenance.onSubmit} noValidate className="flex flex-col gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="maintenance" />
          <CheckField label={s.maintenanceOn} name="maintenance" defaultChecked={status.maintenance} />
          <TextAreaField label={s.note} name="note" rows={5} defaultValue={status.maintenanceNote} hint={s.noteHint} error={maintenance.errors.note} />
          <div>
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {s.saveMaintenance}
            </button>
          </div>
        </Form>
        {status.maintenanceNote ? (
          <div className="mt-4">
            <h3 className="text-sm font-medium">{s.preview}</h3>
            {/* stored sanitised (site/sanitize.ts): only text formatting and safe links */}
            <div className="prose mt-1 rounded-lg border border-choc-100 p-3 text-sm" dangerouslySetInnerHTML={{ __html: status.maintenanceNote }} />
          </div>
        ) : null}
      </Panel>

      <Panel id="site-messages" title={s.messages} hint={s.messagesHint}>
        <Form method="post" onSubmit={messages.onSubmit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <CsrfField />
          <input type="hidden" name="intent" value="messages" />
          <TextField label={s.top} name="top" defaultValue={status.topMsg} maxLength={300} error={messages.errors.top} />
          <TextField label={s.bottom} name="bottom" defaultValue={status.botMsg} maxLength={300} error={messages.errors.bottom} />
          <div>
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {s.saveMessages}
            </button>
          </div>
        </Form>
      </Panel>

      <Panel id="site-campaign" title={s.campaign} hint={s.campaignHint}>
        <Form method="post" onSubmit={camp.onSubmit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <CsrfField />
          <input type="hidden" name="intent" value="campaign" />
          <div className="sm:col-span-3">
            <CheckField label={s.hedef81Active} name="hedef81Active" defaultChecked={campaign.hedef81Active} />
          </div>
          <TextField
            label={s.introProductId}
            name="introProductId"
            inputMode="numeric"
            defaultValue={campaign.introProductId}
            hint={campaign.introName ? fmt(s.introName, { name: campaign.introName }) : undefined}
            error={camp.errors.introProductId}
          />
          <TextField label={s.freeCityIds} name="freeCityIds" defaultValue={campaign.freeCityIds.join(", ")} error={camp.errors.freeCityIds} className="sm:col-span-2" />
          <div>
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {s.saveCampaign}
            </button>
          </div>
        </Form>
      </Panel>

      <Panel id="site-installments" title={installmentsTr.settings.title} hint={installmentsTr.settings.hint}>
        <Form method="post" noValidate className="flex flex-col gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="installments" />
          <TextAreaField label={installmentsTr.settings.campaigns} name="campaigns" rows={4} defaultValue={loaderData.installmentCampaigns} placeholder="Bonus, World; 3; 150" error={fieldsOf(result, "installments")?.campaigns} />
          <div>
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {installmentsTr.settings.save}
            </button>
          </div>
        </Form>
      </Panel>

      <Panel id="site-reached" title={`${s.reached} (${fmt(s.reachedCount, { n: reached.length })})`} hint={s.reachedHint}>
        <Form method="post" onSubmit={reach.onSubmit} noValidate className="flex flex-wrap items-end gap-3">
          <CsrfField />
          <input type="hidden" name="intent" value="reach" />
          <SelectField label={s.markCity} name="cityId" defaultValue="" error={reach.errors.cityId}>
            <option value="">{s.chooseCity}</option>
            {cities
              .filter((c) => !reachedIds.has(c.id))
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </SelectField>
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {s.mark}
          </button>
        </Form>
        <div className="mt-3">
          <Table caption={s.reached} columns={[s.plate, s.cityCol, s.reachedAt, s.byOrder, t.order.actions]}>
            {reached.map((r) => (
              <Row key={r.cityId}>
                <Cell label={s.plate}>{r.cityId}</Cell>
                <Cell label={s.cityCol}>{r.name}</Cell>
                <Cell label={s.reachedAt}>{formatDateTimeTr(r.reachedAt)}</Cell>
                <Cell label={s.byOrder}>{r.orderId ? `#${r.orderId}` : s.beforeShop}</Cell>
                <Cell label={t.order.actions}>
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="intent" value="unreach" />
                    <input type="hidden" name="cityId" value={r.cityId} />
                    <button type="submit" className={secondaryButtonClass} {...busyProps(busy)} aria-label={fmt(s.unmarkLabel, { city: r.name })}>
                      {s.unmark}
                    </button>
                  </Form>
                </Cell>
              </Row>
            ))}
          </Table>
        </div>
      </Panel>
    </div>
  );
}
