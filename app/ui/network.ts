/**
 * For a route's `clientAction`: runs the server action and turns a request that never reached the server
 * (offline, connection dropped) into `{ ok: false, network: true }`, so the page can show the spec's
 * 'try again' notice instead of an error page. Redirects and error answers pass through unchanged.
 */
export type NetworkFailure = { ok: false; network: true };

export async function catchNetworkFailure<T>(serverAction: () => Promise<T>): Promise<T | NetworkFailure> {
  try {
    return await serverAction();
  } catch (err) {
    if (err instanceof TypeError) return { ok: false, network: true };
    throw err;
  }
}

export function isNetworkFailure(x: unknown): x is NetworkFailure {
  return typeof x === "object" && x !== null && (x as { network?: unknown }).network === true;
}

/**
 * For a route's `shouldRevalidate`: after an action that never reached the server, reloading the page's data
 * would fail the same way and replace the page with the error page; keep the page as it is instead.
 */
export function skipAfterNetworkFailure({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }): boolean {
  return isNetworkFailure(actionResult) ? false : defaultShouldRevalidate;
}
