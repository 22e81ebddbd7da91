import { data } from "react-router";
import type { Route } from "./+types/product";
import * as catalog from "~/.server/catalog/service";
import * as storefront from "~/.server/storefront/service";
import * as delivery from "~/.server/delivery/service";
import { getSettings } from "~/.server/settings/service";
import { productInstallmentLine, productInstallmentText } from "~/shared/installments";
import { ProductDetailPage } from "~/features/catalog/ProductDetailPage";
import { isSoldOut, productImage, productShareImage } from "~/shared/catalog";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { tr } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";
import { pageMeta } from "~/ui/PageMeta";

const t = catalogTr.detail;

/** Product detail (SPEC §2.4). An unknown id shows the home screen with HTTP 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { app } = context;
  const id = /^\d{1,9}$/.test(params.rP) ? Number(params.rP) : Number.NaN;
  const product = await catalog.getProduct(app, id);
  if (!product) {
    return data({ product: null, home: (await storefront.getHomePage(app))!, cities: [], installment: null, canonical: "" }, { status: 404 });
  }
  const cities = (await delivery.cityList(app))
    .filter((c) => !c.disabled)
    .map((c) => ({ id: c.id, name: c.name, minDay: c.minDay, colour: c.colour }));
  // the seller's bank campaigns (issue 27): "₺X × N taksit" under the price; none configured, no line
  const line = productInstallmentLine(product.itemPrice, (await getSettings(app)).installments.campaigns);
  // the text made here: the product page's bundle does not carry the installment helpers
  const installment = line ? productInstallmentText(line) : null;
  return { product, home: null, cities, installment, canonical: `${app.config.publicUrl}/product/${product.id}` };
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  const p = loaderData?.product;
  if (!p) return [...pageTitle(tr.pages.home), { name: "robots", content: "noindex" }];
  const origin = new URL(loaderData.canonical).origin;
  const image = `${origin}${productImage(p.imgName)}`;
  const description = `${p.desc}. ${p.packageContent}.`;
  return [
    ...pageMeta(args, { title: p.name, description, image: productShareImage(p.imgName), type: t.ogType }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        sku: String(p.id),
        productID: String(p.id),
        name: p.name,
        description,
        image,
        brand: { "@type": "Brand", name: tr.brand.name },
        ...(p.weightG ? { weight: { "@type": "QuantitativeValue", value: p.weightG, unitCode: "GRM" } } : {}),
        offers: {
          "@type": "Offer",
          url: loaderData.canonical,
          priceCurrency: "TRY",
          price: (p.itemPrice / 100).toFixed(2),
          availability: isSoldOut(p) ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
          itemCondition: "https://schema.org/NewCondition",
        },
      },
    },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: tr.pages.home, item: `${origin}/home` },
          { "@type": "ListItem", position: 2, name: p.name, item: loaderData.canonical },
        ],
      },
    },
  ];
}

export default function Product({ loaderData }: Route.ComponentProps) {
  return <ProductDetailPage loaderData={loaderData} />;
}
