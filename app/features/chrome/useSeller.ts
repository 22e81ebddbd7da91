import { useRouteLoaderData } from "react-router";
import type { PublicSeller } from "~/shared/seller";

/** The seller's identity as the root loader sends it to every page (issue 26 §1); null outside the root route's data. */
export function useSeller(): PublicSeller | null {
  const root = useRouteLoaderData("root") as { seller?: PublicSeller } | undefined;
  return root?.seller ?? null;
}
