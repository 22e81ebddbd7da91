import type { Route } from "./+types/product";
import * as management from "~/.server/management/service";
import { invalidAnswer, outcomeAnswer, SectionError } from "~/features/management/ui";
import { ProductPage } from "~/features/management/ProductPage";
import { pageTitle } from "~/ui/PageTitle";
import { fieldErrors } from "~/shared/management";
import { idParam, IMAGE_MAX_BYTES, imageSlotSchema, productSchema, stockSchema, storefrontSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";

const p = managementTr.product;

export function meta({ data }: Route.MetaArgs) {
  return pageTitle(fmt(p.title, { id: data?.product.id ?? "", name: data?.product.name ?? "" }));
}

const productIdOf = (raw: string | undefined) => {
  const id = idParam(raw);
  if (id === null) throw management.notFound();
  return id;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await management.guard(context, request, "catalog.view");
  const page = await management.productPage(context.app, staff, productIdOf(params.productId));
  if (!page) throw management.notFound();
  // just made from the catalogue's 'Yeni ürün' form: say so, and what is left to do
  return { ...page, created: new URL(request.url).searchParams.get("yeni") === "1" };
}

const INTENT_CAPABILITY = { product: "catalog.edit", image: "catalog.edit", removeImage: "catalog.edit", stock: "stock.edit", storefront: "stock.edit" } as const;
type Intent = keyof typeof INTENT_CAPABILITY;
const intentOf = (form: FormData): Intent => {
  const i = String(form.get("intent") ?? "");
  return i in INTENT_CAPABILITY ? (i as Intent) : "product";
};

/** Texts and prices, pictures (marketing); stock and storefront (operations). Uploads: 1 MB at most. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = productIdOf(params.productId);
  const limited = management.limitBody(request, IMAGE_MAX_BYTES + 64_000);
  const { staff, form } = await management.staffAction(context, limited, (f) => INTENT_CAPABILITY[intentOf(f)]);
  const intent = intentOf(form);
  const values = Object.fromEntries(form);
  switch (intent) {
    case "product": {
      const parsed = productSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      const lists = [...form.keys()].filter((k) => k.startsWith("list:")).map((k) => k.slice(5));
      return outcomeAnswer(intent, await management.saveProduct(context.app, staff, id, { ...parsed.data, lists }));
    }
    case "image": {
      const parsed = imageSlotSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.uploadImage(context.app, staff, id, parsed.data.slot, form.get("image")));
    }
    case "removeImage": {
      const parsed = imageSlotSchema.safeParse(values);
      if (!parsed.success || parsed.data.slot === "main") return invalidAnswer(intent, {});
      return outcomeAnswer(intent, await management.removeImage(context.app, staff, id, parsed.data.slot));
    }
    case "stock": {
      const parsed = stockSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.saveStock(context.app, staff, id, parsed.data.stock));
    }
    case "storefront": {
      const parsed = storefrontSchema.safeParse(values);
      if (!parsed.success) return invalidAnswer(intent, fieldErrors(parsed.error));
      return outcomeAnswer(intent, await management.saveStorefront(context.app, staff, id, parsed.data));
    }
  }
}

export { SectionError as ErrorBoundary };

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductPage loaderData={loaderData} actionData={actionData} />;
}
