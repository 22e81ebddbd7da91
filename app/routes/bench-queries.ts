import type { Route } from "./+types/bench-queries";

/**
 * GET /bench/queries — how many statements this process has sent to the database so far, for `npm run bench:load`
 * (queries per request of each scenario: the counter read before and after), and how many of them were transaction
 * control and the sandbox provider's own statements. Served only with BENCH_ROUTES=1.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.app.config.benchRoutes) return new Response(null, { status: 404 });
  return Response.json({ queries: context.app.database.queries(), ...context.app.database.queryKinds() }, { headers: { "Cache-Control": "no-store" } });
}
