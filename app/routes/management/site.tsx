import type { Route } from "./+types/site";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { SitePage } from "~/features/management/SitePage";
import { pageTitle } from "~/ui/PageTitle";
import { fieldErrors } from "~/shared/management";
import { campaignSchema, hedef81CitySchema, maintenanceSchema, siteMessagesSchema } from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const s = t.siteDesk;

export function meta() {
  return pageTitle(s.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "site.edit");
  return { ...(await management.sitePage(context.app)), installmentCampaigns: await management.installmentCampaignsText(context.app) };
}

/** Maintenance, the header messages, the city campaigns and HEDEF81's reached cities. */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "site.edit");
  const values = Object.fromEntries(form);
  const intent = String(values.intent ?? "");
  const app = context.app;
  switch (intent) {
    case "maintenance": {
      const parsed = maintenanceSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.setMaintenance(app, staff, parsed.data.maintenance, parsed.data.note));
    }
    case "messages": {
      const parsed = siteMessagesSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.setMessages(app, staff, parsed.data.top, parsed.data.bottom));
    }
    case "campaign": {
      const parsed = campaignSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.setCampaign(app, staff, parsed.data));
    }
    case "reach":
    case "unreach": {
      const parsed = hedef81CitySchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.setReached(app, staff, parsed.data.cityId, intent === "reach"));
    }
    case "installments":
      return outcomeAnswer(intent, await management.setInstallmentCampaigns(app, staff, String(values.campaigns ?? "")));
    default:
      return invalidAnswer(intent, {});
  }
}

export { SectionError as ErrorBoundary };

export default function Site({ loaderData, actionData }: Route.ComponentProps) {
  return <SitePage loaderData={loaderData} actionData={actionData} />;
}
