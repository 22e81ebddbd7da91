import { useState } from "react";
import type { BoxType } from "~/shared/catalog";
import { ProductPicture } from "~/ui/ProductPicture";
import { catalogTr } from "~/shared/texts/catalog.tr";
import { fmt } from "~/shared/texts/tr";

const t = catalogTr.detail;

/**
 * Main image with up to three alternates (SPEC §2.4): choosing an alternate swaps it with the main image.
 * The default box's image is overlaid in a corner.
 */
export function Gallery({ name, imgName, altImages, box }: { name: string; imgName: string; altImages: string[]; box: BoxType | null }) {
  const [images, setImages] = useState([imgName, ...altImages.slice(0, 3)]);
  const altOf = (img: string) => {
    const i = [imgName, ...altImages].indexOf(img);
    return i <= 0 ? fmt(t.mainImageAlt, { name }) : fmt(t.altImageAlt, { name, n: i + 1 });
  };
  const swap = (i: number) =>
    setImages((list) => {
      const next = [...list];
      [next[0], next[i]] = [next[i]!, next[0]!];
      return next;
    });
  return (
    <div>
      <div className="relative overflow-hidden rounded-xl bg-white">
        <ProductPicture
          imgName={images[0]!}
          sizes="(min-width: 1024px) 484px, (min-width: 768px) 50vw, 100vw"
          width={400}
          height={400}
          alt={altOf(images[0]!)}
          fetchPriority="high"
          className="aspect-square w-full"
          data-testid="main-image"
        />
        {box ? (
          <img
            src={box.imageUrl}
            width={box.width}
            height={box.height}
            alt={fmt(t.boxAlt, { box: box.name })}
            className="absolute bottom-2 right-2 h-auto w-1/4 drop-shadow"
          />
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="mt-2 flex gap-2" aria-label={t.images}>
          {images.slice(1).map((img, j) => (
            <li key={img}>
              <button
                type="button"
                onClick={() => swap(j + 1)}
                aria-label={fmt(t.showImage, { n: [imgName, ...altImages].indexOf(img) + 1 })}
                className="block h-20 w-20 overflow-hidden rounded-lg ring-1 ring-choc-200 hover:ring-choc-700"
              >
                <ProductPicture imgName={img} sizes="80px" width={80} height={80} alt={fmt(t.altImageAlt, { name, n: [imgName, ...altImages].indexOf(img) + 1 })} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
