import type { Route } from "./+types/uploads";
import * as catalog from "~/.server/catalog/service";
import { tr } from "~/shared/texts/tr";

/**
 * Product pictures uploaded by staff (issue 12) and their smaller copies and share picture (issue 27 §2,
 * catalog/images.ts): only content-named PNG, JPEG and WebP files from
 * DATA_DIR/uploads/products, each with its own type and a sandboxing CSP (`nosniff` and the others: http/security.ts); the name is the
 * content's hash, so the answer never changes and may be cached for a year. Anything else: 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const image = await catalog.readImage(context.app, params.file);
  if (!image) return new Response(tr.errors.fileNotFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
