import { tr } from "./texts/tr";

/** The notice for a request that failed in transit (SPEC §8): offline gets its own text. */
export function networkErrorText(online: boolean): string {
  return online ? tr.errors.system : tr.errors.offline;
}
