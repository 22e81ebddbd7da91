import { z } from "zod/mini";
import { preprocess, type Issues } from "./zod-mini";
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
const idOrUndefined = (v: unknown) => (v === "" || v === undefined || v === null ? undefined : Number(v));
const optId = preprocess(idOrUndefined, z.optional(z.number().check(z.int(), z.positive())));
const reqId = (msg: string) => preprocess(idOrUndefined, z.number({ error: msg }).check(z.int({ error: msg }), z.positive({ error: msg })));

const phoneSchema = preprocess(
  (v) => (typeof v === "string" ? v.replace(/^\s+|\s+$/g, "") : ""),
  z.string().check(
    z.superRefine((v: string, ctx) => {
      const e = mobilePhoneError(v);
      if (e) ctx.addIssue({ code: "custom", message: e });
    }),
  ),
);
/** A trimmed text of at most `max` characters (a choice's value, or typed: then with its own message). */
const text = (max: number, message: string = E.generic) => preprocess(str, z.string().check(z.maxLength(max, message)));

export const addressSchema = z.object({
  addrName: preprocess(str, z.string().check(z.refine((v) => v === "" || (v.length >= LIMITS.addressNameMin && v.length <= LIMITS.addressNameMax), E.addressName))),
  fullName: preprocess(str, z.string().check(z.minLength(LIMITS.fullNameMin, E.fullName), z.maxLength(LIMITS.fullNameMax, E.fullName))),
  address: preprocess(str, z.string().check(z.minLength(LIMITS.addressMin, E.addressLength), z.maxLength(LIMITS.addressMax, E.addressLength))),
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
    carrier: text(40),
    slot: text(40),
    hour: text(5),
    location: text(40),
  })
  .check(
    z.superRefine((c, ctx) => {
      if (c.option === "Other" && !c.carrier) ctx.addIssue({ code: "custom", path: ["carrier"], message: E.carrierRequired });
      if (c.option === "Store" && !c.hour) ctx.addIssue({ code: "custom", path: ["hour"], message: E.storeHourRequired });
      if (c.option === "DeliveryStandart" && !c.slot) ctx.addIssue({ code: "custom", path: ["slot"], message: E.slotRequired });
    }),
  );

export const deliveryFormSchema = z
  .object({
    delivery: addressSchema,
    separateInvoice: z.boolean(),
    invoice: z.optional(addressSchema),
    invoiceType: z.enum(["Individual", "Corporate"]),
    firmName: text(100, E.firmNameMax),
    taxAuthority: text(60, E.taxAuthorityMax),
    taxId: text(11, checkoutTr.taxId.invalid),
    /** The advance-dated order's day ('İleri tarihli sipariş'); absent: as soon as each option can. */
    requestedDate: preprocess((v) => (v === "" || v === undefined ? null : v), z.nullable(z.iso.date({ error: E.readyDate }))),
    /** The ready date shown beside the chosen option (choosing it sets this); the server verifies it. */
    readyDate: z.iso.date({ error: E.readyDate }),
    /** The delivery date shown beside the chosen option; the server verifies it when given. */
    estimatedDelivery: preprocess((v) => (v === "" || v === undefined ? null : v), z.nullable(z.iso.date({ error: E.readyDate }))),
    choice: deliveryChoiceSchema,
    saveAddress: z.boolean(),
  })
  .check(
    z.superRefine((f, ctx) => {
      if (f.separateInvoice && !f.invoice) ctx.addIssue({ code: "custom", path: ["invoice"], message: E.address });
      if (f.invoiceType === "Corporate") {
        if (!f.firmName) ctx.addIssue({ code: "custom", path: ["firmName"], message: E.firmName });
        if (!f.taxAuthority) ctx.addIssue({ code: "custom", path: ["taxAuthority"], message: E.taxAuthority });
        if (!isValidTaxId(f.taxId)) ctx.addIssue({ code: "custom", path: ["taxId"], message: checkoutTr.taxId.invalid });
      }
    }),
  );
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
    requestedDate: f.requestedDate ?? "",
    readyDate: f.readyDate ?? "",
    estimatedDelivery: f.estimatedDelivery ?? "",
    choice: { option: f.option ?? "", carrier: f.carrier ?? "", slot: f.slot ?? "", hour: f.hour ?? "", location: f.location ?? "" },
    saveAddress: f.saveAddress === "1" || f.saveAddress === "on",
  };
}

export type FieldErrors = Record<string, string>;

/** Field errors keyed by flat form names, plus the combined notice of SPEC §5 and its display time. */
export function deliveryErrors(error: Issues): { fields: FieldErrors; messages: string[]; durationMs: number } {
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
export const paymentEmailSchema = preprocess(
  (v) => (typeof v === "string" ? v.trim() : ""),
  z.email(checkoutTr.payment.emailInvalid).check(z.minLength(LIMITS.emailMin, checkoutTr.payment.emailInvalid), z.maxLength(LIMITS.emailMax, checkoutTr.payment.emailInvalid)),
);

/** Quick membership in the login overlay (SPEC §5, with DESIGN's 8–64 character passwords). */
export const quickMembershipSchema = z
  .object({
    name: preprocess(str, z.string().check(z.minLength(LIMITS.quickMembershipNameMin, checkoutTr.overlay.nameInvalid), z.maxLength(60, checkoutTr.overlay.nameInvalid))),
    pass: z.string().check(z.minLength(1, checkoutTr.overlay.passwordsRequired)),
    pass2: z.string().check(z.minLength(1, checkoutTr.overlay.passwordsRequired)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.pass.length < LIMITS.passwordMin || v.pass.length > LIMITS.passwordMax) ctx.addIssue({ code: "custom", path: ["pass"], message: checkoutTr.overlay.passwordLength });
      else if (v.pass !== v.pass2) ctx.addIssue({ code: "custom", path: ["pass2"], message: checkoutTr.overlay.passwordsDiffer });
    }),
  );
