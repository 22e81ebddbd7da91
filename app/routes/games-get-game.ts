import type { Route } from "./+types/games-get-game";
import { gameFromRequest } from "~/.server/fortune/http";

/** GET /games/getGame (SPEC §7): `{error}` or `{obj:{prizeCount, info, list:[{winnerPlace, nick}]}}`. */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await gameFromRequest(context);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (answer.status !== 200 && answer.retryAfterSeconds) headers.set("Retry-After", String(answer.retryAfterSeconds));
  return Response.json(answer.status === 200 ? answer.body.game : answer.body, { status: answer.status, headers });
}
