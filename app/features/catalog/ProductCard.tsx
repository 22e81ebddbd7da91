import { Link } from "react-router";
import { isSoldOut, type ProductCard as Card } from "~/shared/catalog";
import { ProductPicture } from "~/ui/ProductPicture";
import { formatCost } from "~/shared/money";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";
import { CardBasketControl } from "~/features/basket/CardBasketControl";

const t = catalogTr.list;

export function Price({ itemPrice, originalPrice, discount, large }: { itemPrice: number; originalPrice: number; discount: number; large?: boolean }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="sr-only">{t.price}: </span>
      <span className={`font-bold text-choc-900 ${large ? "text-2xl" : "text-lg"}`}>{formatCost(itemPrice)}</span>
      {discount > 0 ? (
        <>
          <s className="text-sm text-stone-600">
            <span className="sr-only">{t.oldPrice}: </span>
            {formatCost(originalPrice)}
          </s>
          <span className="rounded bg-red-800 px-1.5 py-0.5 text-xs font-bold text-white">{fmt(t.discount, { n: discount })}</span>
        </>
      ) : null}
    </p>
  );
}

/**
 * A product card (SPEC §2.4): 'SEÇ' when the product has a default box (opens the detail page), otherwise 'EKLE',
 * which adds one to the basket and turns into a minus/plus counter while the basket holds the product.
 */
export function ProductCard({ product, eager, headingLevel = 3 }: { product: Card; eager?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/product/${product.id}`;
  const soldOut = isSoldOut(product);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-choc-100">
      <Link to={href} className="block">
        <ProductPicture
          imgName={product.imgName}
          sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
          width={400}
          height={400}
          alt={fmt(catalogTr.detail.mainImageAlt, { name: product.name })}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-square w-full bg-choc-50 object-cover"
        />
        <Heading className="px-3 pt-3 text-base font-bold leading-snug text-choc-900">{product.name}</Heading>
      </Link>
      <div className="flex flex-1 flex-col gap-1 px-3 pb-3">
        <p className="text-sm text-stone-700">{product.packageContent}</p>
        <Price itemPrice={product.itemPrice} originalPrice={product.originalPrice} discount={product.discount} />
        <div className="mt-auto pt-2">
          {soldOut ? (
            <p className="min-h-11 rounded-lg bg-stone-200 px-4 py-2 text-center text-sm font-semibold text-stone-700">{t.soldOut}</p>
          ) : product.defaultBox ? (
            <Link
              to={href}
              aria-label={fmt(t.selectAria, { name: product.name })}
              className="flex min-h-11 items-center justify-center rounded-lg bg-choc-700 px-4 py-2 font-bold tracking-wide text-white hover:bg-choc-800"
            >
              {t.select}
            </Link>
          ) : (
            <CardBasketControl product={product} />
          )}
        </div>
      </div>
    </article>
  );
}
