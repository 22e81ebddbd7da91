import { data, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/product";
import * as catalog from "~/.server/catalog/service";
import * as storefront from "~/.server/storefront/service";
import * as delivery from "~/.server/delivery/service";
import { getSettings } from "~/.server/settings/service";
import { productInstallmentLine, productInstallmentText } from "~/shared/installments";
import { HomeView } from "~/features/catalog/HomeView";
import { Price } from "~/features/catalog/ProductCard";
import { Gallery } from "~/features/catalog/Gallery";
import { Drops } from "~/features/catalog/Drops";
import { NutritionTable } from "~/features/catalog/NutritionTable";
import { AddToBasket } from "~/features/catalog/AddToBasket";
import { CityDays } from "~/features/catalog/CityDays";
import { EarliestDelivery } from "~/features/delivery/EarliestDelivery";
import { productImage, productShareImage } from "~/shared/catalog";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt, tr } from "~/shared/texts/tr";
import { pageTitle } from "~/ui/PageTitle";
import { pageMeta } from "~/ui/PageMeta";
import { Tabs } from "~/ui/Tabs";

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
          availability: p.stock !== null && p.stock <= 0 ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
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
  const [params] = useSearchParams();
  const p = loaderData.product;
  if (!p) return <HomeView data={loaderData.home!} />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <div className="grid gap-6 md:grid-cols-2">
        <Gallery name={p.name} imgName={p.imgName} altImages={p.altImages} box={p.defaultBox} />
        <div>
          <h1 className="text-2xl font-bold text-choc-900">{p.name}</h1>
          <p className="mt-2 text-stone-700">{p.desc}</p>
          <div className="mt-3">
            <Price itemPrice={p.itemPrice} originalPrice={p.originalPrice} discount={p.discount} large />
            {loaderData.installment ? (
              <p className="mt-1 text-sm text-choc-800" data-testid="product-installment">
                {loaderData.installment}
              </p>
            ) : null}
          </div>
          {p.innerTexture ? (
            <p className="mt-3 flex items-center gap-2 text-sm">
              <span className="font-semibold">{t.texture}:</span> <Drops value={p.innerTexture} />
            </p>
          ) : null}
          <AddToBasket product={p} />
          <EarliestDelivery cities={loaderData.cities} />
        </div>
      </div>
      <Tabs
        className="mt-8 rounded-xl bg-white px-4 shadow-sm"
        label={t.tabs}
        param="tab"
        idPrefix="product"
        initial={params.get("tab") ?? "features"}
        items={[
          {
            id: "features",
            label: t.features,
            panel: (
              <div className="flex flex-col gap-3">
                {p.longDesc ? <p>{p.longDesc}</p> : null}
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                  <dt className="font-semibold">{t.packageContent}</dt>
                  <dd>{p.packageContent}</dd>
                  {p.weightG ? (
                    <>
                      <dt className="font-semibold">{t.weight}</dt>
                      <dd>{fmt(t.weightValue, { n: p.weightG })}</dd>
                    </>
                  ) : null}
                  {p.defaultBox ? (
                    <>
                      <dt className="font-semibold">{t.box}</dt>
                      <dd>{p.defaultBox.name}</dd>
                    </>
                  ) : null}
                  {p.innerTexture ? (
                    <>
                      <dt className="font-semibold">{t.texture}</dt>
                      <dd>
                        <Drops value={p.innerTexture} /> <span className="block text-xs text-stone-600">{t.textureHint}</span>
                      </dd>
                    </>
                  ) : null}
                  <dt className="font-semibold">{t.productId}</dt>
                  <dd>{p.id}</dd>
                </dl>
              </div>
            ),
          },
          {
            id: "contents",
            label: t.contents,
            panel: (
              <div className="flex flex-col gap-3">
                {p.contains ? <p>{p.contains}</p> : null}
                {p.allergens ? (
                  <p>
                    <strong>{t.allergens}: </strong>
                    {p.allergens}
                  </p>
                ) : null}
                {p.nutrition ? <NutritionTable nutrition={p.nutrition} caption={t.nutrition} /> : null}
              </div>
            ),
          },
          {
            id: "care",
            label: t.care,
            panel: (
              <div className="flex flex-col gap-3">
                <p>{p.care}</p>
                {p.heating ? (
                  <p>
                    <strong>{t.heating}: </strong>
                    {p.heating}
                  </p>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <CityDays cities={loaderData.cities} />
      <p className="mt-6">
        <Link to={`/home/${p.group === "gift" ? "gift" : p.group === "corp" ? "corp" : "cookie"}`} className="inline-flex min-h-11 items-center font-semibold text-choc-700 underline">
          {t.back}
        </Link>
      </p>
    </div>
  );
}
