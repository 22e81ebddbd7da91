import { useMemo, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/product";
import {
  ActionMessage,
  buttonClass,
  CheckField,
  fieldsOf,
  Panel,
  SelectField,
  secondaryButtonClass,
  TextAreaField,
  TextField,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { busyProps } from "~/ui/busy";
import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  NUTRITION_KEYS,
  nutritionField,
  PRODUCT_KINDS,
  productSchema,
  stockSchema,
  storefrontSchema,
  toLiraInput,
} from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const t = managementTr;
const p = t.product;

/** The staff's product screen (route: routes/management/product.tsx, /management/catalog/:productId). */
export function ProductPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { product, images, lists, storefront, boxes, groups, today, may, created } = loaderData;
  const result = actionData as ActionResult | undefined;
  const createdNotice = useMemo<ActionResult | undefined>(
    () => (created ? { ok: true, form: "create", message: fmt(t.notices.productCreated, { name: product.name, id: product.id }) } : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load, not again when the name is edited
    [created, product.id],
  );
  const busy = useNavigation().state === "submitting";
  const details = useZodForm(productSchema, fieldsOf(result, "product"));
  const stock = useZodForm(stockSchema, fieldsOf(result, "stock"));
  const vitrin = useZodForm(storefrontSchema, fieldsOf(result, "storefront"));
  const e = details.errors;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{fmt(p.title, { id: product.id, name: product.name })}</h1>
        <div className="flex flex-wrap gap-3">
          {product.active ? (
            <a href={`/product/${product.id}`} target="_blank" rel="noopener" className="underline">
              {p.view}
            </a>
          ) : null}
          <Link to="/management/catalog" className="underline">
            {p.back}
          </Link>
        </div>
      </div>
      <ActionMessage result={result ?? createdNotice} />

      <Panel id="product-details" title={p.details} hint={may.edit ? undefined : p.readOnly}>
        <Form method="post" onSubmit={details.onSubmit} noValidate key={product.updatedAt}>
          <CsrfField />
          <input type="hidden" name="intent" value="product" />
          <fieldset disabled={!may.edit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <legend className="sr-only">{p.details}</legend>
            <TextField label={p.name} name="name" defaultValue={product.name} maxLength={120} required error={e.name} />
            <TextField label={p.packageContent} name="packageContent" defaultValue={product.packageContent} maxLength={200} error={e.packageContent} />
            <TextField label={p.desc} name="desc" defaultValue={product.desc} maxLength={300} error={e.desc} className="sm:col-span-2" />
            <TextAreaField label={p.longDesc} name="longDesc" defaultValue={product.longDesc} maxLength={4000} rows={5} error={e.longDesc} className="sm:col-span-2" />
            <TextField label={p.itemPrice} name="itemPrice" inputMode="decimal" defaultValue={toLiraInput(product.itemPrice)} hint={t.forms.lira} required error={e.itemPrice} />
            <TextField label={p.originalPrice} name="originalPrice" inputMode="decimal" defaultValue={toLiraInput(product.originalPrice)} hint={p.originalHint} required error={e.originalPrice} />
            <SelectField label={p.group} name="group" defaultValue={product.group} error={e.group}>
              {PRODUCT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t.catalog.kinds[k]}
                </option>
              ))}
            </SelectField>
            <SelectField label={p.defaultBox} name="defaultBox" defaultValue={product.defaultBox} error={e.defaultBox}>
              <option value="">{p.noBox}</option>
              {boxes.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </SelectField>
            <SelectField label={p.innerTexture} name="innerTexture" defaultValue={product.innerTexture ?? ""} error={e.innerTexture}>
              <option value="">{p.noTexture}</option>
              {[1, 2, 3].map((n) => (
                <option key={n} value={n}>
                  {"💧".repeat(n)} {n}
                </option>
              ))}
            </SelectField>
            <TextField label={p.weightG} name="weightG" inputMode="numeric" defaultValue={product.weightG ?? ""} error={e.weightG} />
            <TextAreaField label={p.contains} name="contains" defaultValue={product.contains} maxLength={2000} error={e.contains} />
            <TextAreaField label={p.allergens} name="allergens" defaultValue={product.allergens} maxLength={2000} error={e.allergens} />
            <TextAreaField label={p.care} name="care" defaultValue={product.care} maxLength={2000} error={e.care} />
            <TextAreaField label={p.heating} name="heating" defaultValue={product.heating} maxLength={2000} error={e.heating} />
            <fieldset className="rounded-lg border border-choc-100 p-3 sm:col-span-2">
              <legend className="px-1 font-medium">{p.nutrition}</legend>
              <p className="text-xs text-stone-600">{p.nutritionHint}</p>
              <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {NUTRITION_KEYS.map((k) => (
                  <TextField
                    key={k}
                    label={p.nutrients[k]}
                    name={nutritionField(k)}
                    inputMode="decimal"
                    defaultValue={product.nutrition ? String(product.nutrition[k]).replace(".", ",") : ""}
                    error={e[nutritionField(k)]}
                  />
                ))}
              </div>
            </fieldset>
            <fieldset className="rounded-lg border border-choc-100 p-3 sm:col-span-2">
              <legend className="px-1 font-medium">{p.lists}</legend>
              <p className="text-xs text-stone-600">{p.listsHint}</p>
              <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
                {groups.map((g) => (
                  <CheckField key={g.code} label={g.name} name={`list:${g.code}`} defaultChecked={lists.includes(g.code)} />
                ))}
              </div>
            </fieldset>
            <div className="sm:col-span-2">
              <CheckField label={p.active} name="active" defaultChecked={product.active} />
            </div>
          </fieldset>
          {may.edit ? (
            <button type="submit" className={`${buttonClass} mt-4`} {...busyProps(busy)}>
              {p.save}
            </button>
          ) : null}
        </Form>
      </Panel>

      <Panel id="product-images" title={p.images} hint={p.imagesHint}>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {images.map((img) => (
            <li key={img.slot} className="flex flex-col gap-2 rounded-lg border border-choc-100 p-3">
              <h3 className="font-medium">{p.slots[img.slot]}</h3>
              {img.src ? (
                <img src={img.src} alt={fmt(p.imageAlt, { name: product.name, slot: p.slots[img.slot] })} width={160} height={160} className="size-40 rounded bg-choc-50 object-cover" />
              ) : (
                <p className="text-sm text-stone-600">{p.noImage}</p>
              )}
              {may.edit ? <ImageForm slot={img.slot} result={result} busy={busy} canRemove={img.slot !== "main" && Boolean(img.src)} /> : null}
            </li>
          ))}
        </ul>
      </Panel>

      <Panel id="product-stock" title={p.stock} hint={may.stock ? p.stockHint : p.readOnlyStock}>
        <p className="text-sm">{fmt(p.current, { value: product.stock ?? t.catalog.unlimited })}</p>
        {may.stock ? (
          <Form method="post" onSubmit={stock.onSubmit} noValidate className="mt-3 flex flex-wrap items-end gap-3">
            <CsrfField />
            <input type="hidden" name="intent" value="stock" />
            <TextField label={p.stockField} name="stock" inputMode="numeric" defaultValue={product.stock ?? ""} error={stock.errors.stock} />
            <button type="submit" className={buttonClass} {...busyProps(busy)}>
              {p.saveStock}
            </button>
          </Form>
        ) : null}
      </Panel>

      <Panel id="product-storefront" title={p.storefront} hint={may.stock ? p.storefrontHint : p.readOnlyStock}>
        <p className="text-sm">{fmt(p.current, { value: storefront ? `${storefront.stock} (${storefront.producedOn})` : t.catalog.notInStorefront })}</p>
        {may.stock ? (
          <Form method="post" onSubmit={vitrin.onSubmit} noValidate className="mt-3 grid grid-cols-1 items-end gap-3 sm:grid-cols-3">
            <CsrfField />
            <input type="hidden" name="intent" value="storefront" />
            <TextField label={p.storefrontStock} name="stock" inputMode="numeric" defaultValue={storefront?.stock ?? 0} required error={vitrin.errors.stock} />
            <TextField label={p.producedOn} name="producedOn" type="date" defaultValue={today} required error={vitrin.errors.producedOn} />
            <TextField label={p.note} name="note" defaultValue={storefront?.note ?? ""} maxLength={200} error={vitrin.errors.note} />
            <div className="sm:col-span-3">
              <button type="submit" className={buttonClass} {...busyProps(busy)}>
                {p.saveStorefront}
              </button>
            </div>
          </Form>
        ) : null}
      </Panel>
    </div>
  );
}

/** One picture's upload (multipart): the type and size are checked here first, then again on the server. */
function ImageForm({ slot, result, busy, canRemove }: { slot: "main" | "One" | "Two" | "Three"; result: ActionResult | undefined; busy: boolean; canRemove: boolean }) {
  const [error, setError] = useState<string | undefined>();
  const serverError = result?.form === "image" && !result.ok && result.fields?.image ? result.fields.image : undefined;
  const onSubmit = (ev: FormEvent<HTMLFormElement>) => {
    const file = new FormData(ev.currentTarget).get("image");
    if (!(file instanceof File) || file.size === 0 || file.size > IMAGE_MAX_BYTES || !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      ev.preventDefault();
      setError(t.validation.imageFile);
    } else setError(undefined);
  };
  return (
    <>
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <CsrfField />
        <input type="hidden" name="intent" value="image" />
        <input type="hidden" name="slot" value={slot} />
        <TextField label={fmt(p.file, { slot: p.slots[slot] })} name="image" type="file" accept={IMAGE_TYPES.join(",")} required error={error ?? serverError} />
        <button type="submit" className={secondaryButtonClass} {...busyProps(busy)}>
          {p.upload}
        </button>
      </Form>
      {canRemove ? (
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="removeImage" />
          <input type="hidden" name="slot" value={slot} />
          <button type="submit" className={secondaryButtonClass} {...busyProps(busy)}>
            {p.removeImage}
          </button>
        </Form>
      ) : null}
    </>
  );
}
