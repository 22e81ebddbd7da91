import type { Route } from "./+types/uploads";
import * as catalog from "~/.server/catalog/service";

/**
 * Product pictures uploaded by staff (issue 12): only content-named PNG, JPEG and WebP files from
 * DATA_DIR/uploads/products, each with its own type, `nosniff` and a sandboxing CSP; the name is the
 * content's hash, so the answer never changes and may be cached for a year. Anything else: 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const image = await catalog.readImage(context.app, params.file);
  if (!image) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });
  return new Response(new Uint8Array(image.body), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
