import { useRouteLoaderData } from "react-router";

/** This session's CSRF token (from the root loader), for forms built in code. */
export function useCsrfToken(): string {
  const root = useRouteLoaderData("root") as { csrfToken?: string } | undefined;
  return root?.csrfToken ?? "";
}

/**
 * Hidden `_csrf` field with this session's token (from the root loader). Put it in every
 * `<Form method="post">`; the action calls `verifyCsrf(context, request, form)` from accounts/service.
 */
export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useCsrfToken()} />;
}
