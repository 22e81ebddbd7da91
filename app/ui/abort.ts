/**
 * A cancelled request (the router superseding a navigation, a field dropping its stale lookup) ends with an
 * AbortError: a cancellation asked for, not a fault.
 */
export function isDeliberateAbort(reason: unknown): boolean {
  return typeof DOMException !== "undefined" && reason instanceof DOMException && reason.name === "AbortError";
}

/**
 * React Router 7.18's turbo-stream decoder leaves one promise unwatched: when a navigation is superseded after the
 * first line of its data arrived but before the answer closed (an action's redirect, under load), that promise
 * rejects with the AbortError and the browser reports it as an uncaught error. Only that kind of rejection is
 * silenced here; every other one is still reported.
 */
export function ignoreDeliberateAborts(target: Pick<Window, "addEventListener">): void {
  target.addEventListener("unhandledrejection", (e) => {
    if (isDeliberateAbort(e.reason)) e.preventDefault();
  });
}
