import type { Route } from "./+types/games-get-fortune";
import { askFromRequest } from "~/.server/fortune/http";
import { verifyCsrf } from "~/.server/accounts/service";

/**
 * POST /games/getFortune (SPEC §7) for the app channel: JSON `{nick}` or a form with `nick`.
 * Answers `{error}` or `{obj:{text, code, place, goForBonus}, minutesToNextFortune, message}`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "POST" }, { status: 405, headers: { Allow: "POST" } });
  let nick: unknown;
  if ((request.headers.get("content-type") ?? "").includes("application/json")) {
    // cross-site pages cannot send JSON without a CORS preflight, which this route never grants
    const body: unknown = await request.json().catch(() => null);
    nick = body && typeof body === "object" && "nick" in body ? body.nick : undefined;
  } else {
    const form = await request.formData().catch(() => null);
    await verifyCsrf(context, request, form);
    nick = form?.get("nick") ?? undefined;
  }
  const answer = await askFromRequest(context, request, nick);
  return Response.json(answer.status === 200 ? answer.body.result : answer.body, { status: answer.status, headers: answer.headers });
}

export function loader() {
  return Response.json({ error: "POST" }, { status: 405, headers: { Allow: "POST" } });
}
