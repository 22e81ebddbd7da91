import type { Route } from "./+types/games-get-fortune";
import { askFromRequest } from "~/.server/fortune/http";
import { verifyCsrf } from "~/.server/accounts/service";
import { mediaType } from "~/.server/http/guards";
import { tr } from "~/shared/texts/tr";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * POST /games/getFortune (SPEC §7) for the app channel: JSON `{nick}` or a form with `nick`.
 * Answers `{error}` or `{obj:{text, code, place, goForBonus}, minutesToNextFortune, message}`.
 * The body's media type is read exactly (`text/plain; x=application/json` is not JSON: 415). A browser's post from
 * another site never gets here (sameOriginGuard); a form also carries the session's CSRF token.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: tr.errors.methodNotAllowedBody }, { status: 405, headers: { Allow: "POST" } });
  const type = mediaType(request.headers.get("content-type"));
  let nick: unknown;
  if (type === "application/json") {
    const body: unknown = await request.json().catch(() => null);
    nick = body && typeof body === "object" && "nick" in body ? body.nick : undefined;
  } else if (FORM_TYPES.has(type)) {
    const form = await request.formData();
    await verifyCsrf(context, request, form);
    nick = form.get("nick") ?? undefined;
  } else {
    return Response.json({ error: tr.errors.unsupportedMediaType }, { status: 415, headers: { "Cache-Control": "no-store" } });
  }
  const answer = await askFromRequest(context, request, nick);
  return Response.json(answer.status === 200 ? answer.body.result : answer.body, { status: answer.status, headers: answer.headers });
}

export function loader() {
  return Response.json({ error: tr.errors.methodNotAllowedBody }, { status: 405, headers: { Allow: "POST" } });
}
