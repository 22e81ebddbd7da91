import type { ImgHTMLAttributes } from "react";
import { productImage, productImageSet } from "~/shared/catalog";

type Props = { imgName: string; sizes: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes">;

/**
 * A product's picture (issue 27 §2). A shipped drawing (SVG) scales and is one file; an upload with its smaller
 * copies gets `srcset` + `sizes` (the browser picks the width it needs), inside a `<picture>` offering the WebP
 * copies first when the upload is PNG or JPEG. An upload from before the copies is its one file.
 * `sizes` says how wide the picture is shown (CSS), e.g. "(min-width: 768px) 50vw, 100vw".
 */
export function ProductPicture({ imgName, sizes, ...img }: Props) {
  const set = productImageSet(imgName);
  const el = <img src={productImage(imgName)} srcSet={set?.img} sizes={set ? sizes : undefined} {...img} />;
  if (!set?.webp) return el;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={set.webp} sizes={sizes} />
      {el}
    </picture>
  );
}
