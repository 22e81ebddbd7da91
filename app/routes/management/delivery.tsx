import type { z } from "zod/mini";
import type { Route } from "./+types/delivery";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { DeliveryPage } from "~/features/management/DeliveryPage";
import { pageTitle } from "~/ui/PageTitle";
import { fieldErrors } from "~/shared/management";
import {
  carrierSchema,
  cutoffsSchema,
  disabledCitiesSchema,
  doorSlotsSchema,
  generalSchema,
  leadSchema,
  noticeSchema,
  pickupSchema,
  shippingSchema,
  thresholdsSchema,
  vipSlotsSchema,
  weekdaysSchema,
} from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const d = managementTr.delivery;

export function meta() {
  return pageTitle(d.title);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await management.guard(context, request, "delivery.edit");
  return management.settingsPage(context.app);
}

type Settings = Awaited<ReturnType<typeof loader>>["settings"];

/** Each form saves its own group of settings (or one pickup location, one carrier). */
export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await management.staffAction(context, request, "delivery.edit");
  const values = Object.fromEntries(form);
  const intent = String(values.intent ?? "");
  const app = context.app;
  const save = async <S extends z.ZodMiniType>(schema: S, toPatch: (v: z.output<S>) => Partial<Settings>) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
    return outcomeAnswer(intent, await management.saveSettings(app, staff, toPatch(parsed.data)));
  };
  switch (intent) {
    case "general":
      return save(generalSchema, (v) => v);
    case "shipping":
      return save(shippingSchema, (v) => ({
        shipping: {
          standart: { price: v.standartPrice, days: v.standartDays },
          express: { price: v.expressPrice, days: v.expressDays },
          other: { price: v.otherPrice, days: v.otherDays },
          special: { price: v.specialPrice, days: v.specialDays },
        },
      }));
    case "thresholds":
      return save(thresholdsSchema, (v) => ({ thresholds: v }));
    case "cutoffs":
      return save(cutoffsSchema, (v) => ({ cutoffs: v }));
    case "doorSlots":
      return save(doorSlotsSchema, (v) => ({ doorSlots: v }));
    case "vipSlots":
      return save(vipSlotsSchema, (v) => ({ vipSlots: v }));
    case "lead":
      return save(leadSchema, (v) => ({ leadMinutes: v }));
    case "weekdays":
      return save(weekdaysSchema, (v) => v);
    case "notice":
      return save(noticeSchema, (v) => v);
    case "disabledCities":
      return save(disabledCitiesSchema, (v) => v);
    case "pickup": {
      const key = `pickup-${String(values.code ?? "")}`;
      const parsed = pickupSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(values.isNew ? "pickup-new" : key, fieldErrors(parsed.error));
      return outcomeAnswer(values.isNew ? "pickup-new" : key, await management.savePickup(app, staff, parsed.data));
    }
    case "carrier": {
      const key = `carrier-${String(values.code ?? "")}`;
      const parsed = carrierSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(values.isNew ? "carrier-new" : key, fieldErrors(parsed.error));
      return outcomeAnswer(values.isNew ? "carrier-new" : key, await management.saveCarrier(app, staff, parsed.data));
    }
    default:
      return invalidAnswer(intent, {});
  }
}

export { SectionError as ErrorBoundary };

export default function Delivery({ loaderData, actionData }: Route.ComponentProps) {
  return <DeliveryPage loaderData={loaderData} actionData={actionData} />;
}
