import { Link } from "react-router";
import { ProductPicture } from "~/ui/ProductPicture";
import { formatDateTr } from "~/shared/clock";
import { notesTr } from "~/shared/texts/notes.tr";
import { fmt } from "~/shared/texts/tr";

const t = notesTr.viewer;

/** What was sent, without a price: product name, production date, contents and a link to the product (SPEC §2.9). */
export function GiftProductCard({
  product,
  productionDate,
}: {
  product: { productId: number; name: string; packageContent: string; thumbName: string | null };
  productionDate: string;
}) {
  return (
    <section aria-labelledby="gift-product" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="gift-product" className="text-lg font-bold text-choc-900">
        {t.productTitle}
      </h2>
      <div className="mt-3 flex items-start gap-4">
        {product.thumbName ? (
          <ProductPicture
            imgName={product.thumbName}
            sizes="96px"
            width={96}
            height={96}
            alt={fmt(t.imageAlt, { name: product.name })}
            className="h-24 w-24 shrink-0 rounded-xl bg-choc-50 object-cover"
          />
        ) : null}
        <div className="flex flex-col gap-1">
          <p className="text-lg font-semibold">{product.name}</p>
          <dl className="text-sm">
            <div className="flex gap-1">
              <dt className="text-stone-700">{t.productionDate}:</dt>
              <dd>{formatDateTr(productionDate)}</dd>
            </div>
            {product.packageContent ? (
              <div className="flex gap-1">
                <dt className="text-stone-700">{t.contents}:</dt>
                <dd>{product.packageContent}</dd>
              </div>
            ) : null}
          </dl>
          <Link to={`/product/${product.productId}`} className="mt-1 inline-flex min-h-11 items-center self-start font-semibold text-choc-800 underline">
            {t.productLink}
          </Link>
        </div>
      </div>
    </section>
  );
}
