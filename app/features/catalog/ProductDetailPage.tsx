import { Link, useSearchParams } from "react-router";
import type { Route } from "../../routes/+types/product";
import { HomeView } from "~/features/catalog/HomeView";
import { Price } from "~/features/catalog/ProductCard";
import { Gallery } from "~/features/catalog/Gallery";
import { Drops } from "~/features/catalog/Drops";
import { NutritionTable } from "~/features/catalog/NutritionTable";
import { AddToBasket } from "~/features/catalog/AddToBasket";
import { CityDays } from "~/features/catalog/CityDays";
import { EarliestDelivery } from "~/features/delivery/EarliestDelivery";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";
import { Tabs } from "~/ui/Tabs";

const t = catalogTr.detail;

/** The product detail screen, or the home screen for an unknown id (SPEC §2.4; its data: routes/product.tsx). */
export function ProductDetailPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
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
