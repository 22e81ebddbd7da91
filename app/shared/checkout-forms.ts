import { z } from "zod";
import { LIMITS } from "./constants";
import { mobilePhoneError } from "./phone";
import { isValidTaxId } from "./tax-id";
import { checkoutTr } from "./texts/checkout.tr";

/**
 * Checkout forms of SPEC §2.8/§5, validated by the same zod schemas in the browser and on the server.
 * Field names are the HTML form names; `parseDeliveryForm` turns FormData-like records into the typed value.
 */
const E = checkoutTr.deliveryErrors;

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const optId = z.preprocess((v) => (v === "" || v === undefined || v === null ? undefined : Number(v)), z.number().int().positive().optional());
const reqId = (msg: string) => z.preprocess((v) => (v === "" || v === undefined || v === null ? undefined : Number(v)), z.number({ error: msg }).int().positive({ error: msg }));

const phoneSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/^\s+|\s+$/g, "") : ""),
  z.string().superRefine((v, ctx) => {
    const e = mobilePhoneError(v);
    if (e) ctx.addIssue({ code: "custom", message: e });
  }),
);

export const addressSchema = z.object({
  addrName: z.preprocess(str, z.string().refine((v) => v === "" || (v.length >= LIMITS.addressNameMin && v.length <= LIMITS.addressNameMax), E.addressName)),
  fullName: z.preprocess(str, z.string().min(LIMITS.fullNameMin, E.fullName).max(LIMITS.fullNameMax, E.fullName)),
  address: z.preprocess(str, z.string().min(LIMITS.addressMin, E.addressLength).max(LIMITS.addressMax, E.addressLength)),
  cityId: reqId(E.city),
  countyId: reqId(E.county),
  areaId: optId,
  phone: phoneSchema,
});
export type AddressInput = z.output<typeof addressSchema>;

export const OPTION_VALUES = [
  "Standart",
  "Express",
  "Other",
  "Special",
  "DeliveryStandart",
  "DeliveryMorning",
  "DeliveryAfternoon",
  "DeliveryEvening",
  "DeliveryNight",
  "Store",
] as const;

export const deliveryChoiceSchema = z
  .object({
    option: z.enum(OPTION_VALUES, { error: E.deliveryType }),
    carrier: z.preprocess(str, z.string().max(40)),
    slot: z.preprocess(str, z.string().max(40)),
    hour: z.preprocess(str, z.string().max(5)),
    location: z.preprocess(str, z.string().max(40)),
  })
  .superRefine((c, ctx) => {
    if (c.option === "Other" && !c.carrier) ctx.addIssue({ code: "custom", path: ["carrier"], message: E.carrierRequired });
    if (c.option === "Store" && !c.hour) ctx.addIssue({ code: "custom", path: ["hour"], message: E.storeHourRequired });
    if (c.option === "DeliveryStandart" && !c.slot) ctx.addIssue({ code: "custom", path: ["slot"], message: E.slotRequired });
  });

export const deliveryFormSchema = z
  .object({
    delivery: addressSchema,
    separateInvoice: z.boolean(),
    invoice: addressSchema.optional(),
    invoiceType: z.enum(["Individual", "Corporate"]),
    firmName: z.preprocess(str, z.string().max(100)),
    taxAuthority: z.preprocess(str, z.string().max(60)),
    taxId: z.preprocess(str, z.string().max(11)),
    readyDate: z.iso.date({ error: E.readyDate }),
    choice: deliveryChoiceSchema,
    saveAddress: z.boolean(),
  })
  .superRefine((f, ctx) => {
    if (f.separateInvoice && !f.invoice) ctx.addIssue({ code: "custom", path: ["invoice"], message: E.address });
    if (f.invoiceType === "Corporate") {
      if (!f.firmName) ctx.addIssue({ code: "custom", path: ["firmName"], message: E.firmName });
      if (!f.taxAuthority) ctx.addIssue({ code: "custom", path: ["taxAuthority"], message: E.taxAuthority });
      if (!isValidTaxId(f.taxId)) ctx.addIssue({ code: "custom", path: ["taxId"], message: checkoutTr.taxId.invalid });
    }
  });
export type DeliveryForm = z.output<typeof deliveryFormSchema>;

type Fields = Record<string, string | undefined>;

function addressFrom(f: Fields, prefix: string) {
  return {
    addrName: f[`${prefix}addrName`] ?? "",
    fullName: f[`${prefix}fullName`] ?? "",
    address: f[`${prefix}address`] ?? "",
    cityId: f[`${prefix}cityId`] ?? "",
    countyId: f[`${prefix}countyId`] ?? "",
    areaId: f[`${prefix}areaId`] ?? "",
    phone: f[`${prefix}phone`] ?? "",
  };
}

/** Builds the nested form value from flat HTML field names (`inv_` prefixes the invoice address). */
export function deliveryFormInput(f: Fields) {
  const separateInvoice = f.separateInvoice === "1" || f.separateInvoice === "on";
  return {
    delivery: addressFrom(f, ""),
    separateInvoice,
    invoice: separateInvoice ? addressFrom(f, "inv_") : undefined,
    invoiceType: f.invoiceType === "Corporate" ? "Corporate" : "Individual",
    firmName: f.firmName ?? "",
    taxAuthority: f.taxAuthority ?? "",
    taxId: f.taxId ?? "",
    readyDate: f.readyDate ?? "",
    choice: { option: f.option ?? "", carrier: f.carrier ?? "", slot: f.slot ?? "", hour: f.hour ?? "", location: f.location ?? "" },
    saveAddress: f.saveAddress === "1" || f.saveAddress === "on",
  };
}

export type FieldErrors = Record<string, string>;

/** Field errors keyed by flat form names, plus the combined notice of SPEC §5 and its display time. */
export function deliveryErrors(error: z.ZodError): { fields: FieldErrors; messages: string[]; durationMs: number } {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const [head, key] = issue.path.map(String);
    const name = head === "delivery" ? key! : head === "invoice" ? `inv_${key ?? "fullName"}` : head === "choice" ? (key === "option" ? "option" : key!) : head!;
    fields[name] ??= issue.message;
  }
  const messages: string[] = [];
  const addressKeys = ["fullName", "address", "cityId", "countyId", "addrName", "inv_fullName", "inv_address", "inv_cityId", "inv_countyId"];
  if (addressKeys.some((k) => fields[k])) messages.push(E.address);
  if (fields.phone || fields.inv_phone) messages.push(E.phone);
  if (fields.option) messages.push(E.deliveryType);
  // specific choice messages of SPEC §5 shown as they are
  for (const k of ["carrier", "hour", "slot"]) if (fields[k]) messages.push(fields[k]!);
  if (messages.length === 0) messages.push(E.generic);
  return { fields, messages, durationMs: 3000 + 1000 * Math.min(2, messages.length - 1) };
}

export function parseDeliveryForm(f: Fields) {
  return deliveryFormSchema.safeParse(deliveryFormInput(f));
}

/** The non-card part of the payment form (card fields use app/shared/card.ts). */
export const paymentEmailSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : ""),
  z.email(checkoutTr.payment.emailInvalid).min(LIMITS.emailMin, checkoutTr.payment.emailInvalid).max(LIMITS.emailMax, checkoutTr.payment.emailInvalid),
);

/** Quick membership in the login overlay (SPEC §5, with DESIGN's 8–64 character passwords). */
export const quickMembershipSchema = z
  .object({
    name: z.preprocess(str, z.string().min(LIMITS.quickMembershipNameMin, checkoutTr.overlay.nameInvalid).max(60, checkoutTr.overlay.nameInvalid)),
    pass: z.string().min(1, checkoutTr.overlay.passwordsRequired),
    pass2: z.string().min(1, checkoutTr.overlay.passwordsRequired),
  })
  .superRefine((v, ctx) => {
    if (v.pass.length < LIMITS.passwordMin || v.pass.length > LIMITS.passwordMax) ctx.addIssue({ code: "custom", path: ["pass"], message: checkoutTr.overlay.passwordLength });
    else if (v.pass !== v.pass2) ctx.addIssue({ code: "custom", path: ["pass2"], message: checkoutTr.overlay.passwordsDiffer });
  });
