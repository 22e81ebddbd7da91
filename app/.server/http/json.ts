import { tr } from "~/shared/texts/tr";

/** Cities, counties and neighbourhoods only change with a new package version: a week, then revalidate. */
export const GEO_CACHE = "public, max-age=604800, stale-while-revalidate=86400";

export const notFound = () => Response.json({ error: tr.errors.notFoundTitle }, { status: 404, headers: { "Cache-Control": "no-store" } });

export const badRequest = (error: string) => Response.json({ error }, { status: 400, headers: { "Cache-Control": "no-store" } });
