import type { FormEvent, MouseEvent } from "react";

/**
 * One pattern for a control that cannot act now (issue 29): its request is running (`busy`) or it is out of
 * reach (`off`, e.g. minus at quantity 1). It is never given the `disabled` attribute, because a browser drops
 * the focus of a control that becomes disabled to the page body; instead it says so to assistive technology
 * (`aria-disabled`, and `aria-busy` with a spinner while busy, see app.css) and refuses the press itself, so a
 * second submit cannot leave while the first runs (Enter in a field "clicks" the form's submit button, so that
 * is refused too). `onClick` runs only when the control may act.
 */
export function busyProps<E extends Element = HTMLButtonElement>(
  busy: boolean,
  opts: { off?: boolean; onClick?: (e: MouseEvent<E>) => void } = {},
): { "aria-disabled"?: true; "aria-busy"?: true; onClick: (e: MouseEvent<E>) => void } {
  const refuse = busy || Boolean(opts.off);
  return {
    ...(refuse ? { "aria-disabled": true as const } : {}),
    ...(busy ? { "aria-busy": true as const } : {}),
    onClick: (e) => {
      if (refuse) e.preventDefault();
      else opts.onClick?.(e);
    },
  };
}

/**
 * `onSubmit` for a fetcher's form whose second tap must find it busy (a basket line's −/+). React Router draws a
 * submission's state in a transition, a task or more after the tap, and its `<fetcher.Form>` takes no `flushSync`:
 * a second tap that came before that draw found the control idle and sent the form again with the number shown
 * before the first (two taps on +, one more in the basket). This handler sends the form itself with `flushSync`,
 * so `busy` is on the page before the tap's event ends. `before` is the form's own check (it may prevent the send).
 * The price is the tap's own: the router's change is drawn inside it instead of after the next frame (the product
 * page's 'SEPETE EKLE' measured 61 → 104 ms of INP with it), so it is kept to the forms whose second send would
 * be wrong, not merely repeated (decision 0048).
 */
export function submitAtOnce(
  fetcher: { submit: (target: HTMLFormElement | HTMLButtonElement, opts: { method: "post"; action: string; flushSync: true }) => Promise<void> },
  action: string,
  before?: (e: FormEvent<HTMLFormElement>) => void,
) {
  return (e: FormEvent<HTMLFormElement>) => {
    before?.(e);
    if (e.defaultPrevented) return;
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    void fetcher.submit(submitter instanceof HTMLButtonElement ? submitter : e.currentTarget, { method: "post", action, flushSync: true });
  };
}
