/**
 * Focus helpers shared by dialogs, forms and page changes (issue 29): the focus is never left on the page body,
 * where a keyboard user loses their place and a screen reader says nothing.
 */

/** The page's main heading (made focusable for the moment), else <main>. */
export function mainHeading(): HTMLElement | null {
  const main = document.getElementById("main");
  const h1 = main?.querySelector<HTMLElement>("h1") ?? document.querySelector<HTMLElement>("h1");
  const target = h1 ?? main;
  if (target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  return target;
}

/** Focuses `el` when it is still on the page and focusable, else the main heading; scrolls it into view. */
export function focusOrFallback(el: Element | null | undefined): void {
  const target = el instanceof HTMLElement && el.isConnected && !el.closest("[inert], [hidden]") ? el : mainHeading();
  if (!target) return;
  target.focus();
  if (document.activeElement !== target) mainHeading()?.focus();
}

/**
 * After a refused submit (issue 29): once the field messages are on the page, the first field marked
 * aria-invalid (in page order, inside `root` or the main content) gets the focus, so the shopper lands on the
 * problem and a screen reader reads the field with its message (aria-describedby). Scrolling keeps it clear of the
 * fixed header (scroll-padding in app.css).
 */
export function focusFirstInvalid(root?: Element | null): void {
  requestAnimationFrame(() => {
    const scope = root?.isConnected ? root : (document.getElementById("main") ?? document.body);
    const first = scope.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
    first?.focus();
  });
}
