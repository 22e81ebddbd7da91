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
 * An action's answer that changed nothing the page's loaders show (`keepsData: true`), e.g. the payment step's
 * 'sign in, quick membership or go on' choice: reloading every loader on the page would only cost a phone a round
 * trip and a render of the whole page while the answer's dialog opens (issue 24 §2).
 */
export type KeepsData = { keepsData: true };

function keepsData(x: unknown): x is KeepsData {
  return typeof x === "object" && x !== null && (x as { keepsData?: unknown }).keepsData === true;
}

/**
 * For a route's `shouldRevalidate`: after an action that never reached the server, reloading the page's data
 * would fail the same way and replace the page with the error page; keep the page as it is instead. An answer
 * marked `keepsData` keeps it too.
 */
export function skipAfterNetworkFailure({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }): boolean {
  return isNetworkFailure(actionResult) || keepsData(actionResult) ? false : defaultShouldRevalidate;
}
