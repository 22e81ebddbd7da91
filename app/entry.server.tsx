import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./ui/nonce";
import { isNoindexPath } from "./shared/sitemap";

export const streamTimeout = 5_000;

/**
 * Renders the whole document, then answers with it in one piece. The shop's pages do not stream (no deferred
 * data), so waiting for everything costs nothing, and one body instead of dozens of small chunks saves the
 * per-chunk work of every layer below (web stream, compression, socket writes): measured in issue 13.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (isNoindexPath(new URL(request.url).pathname)) responseHeaders.set("X-Robots-Tag", "noindex, nofollow");
        const html = deferScripts(Buffer.concat(chunks).toString("utf8"));
        resolve(new Response(html, { headers: responseHeaders, status: failed ? 500 : responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          loadContext.app.log.error({ err: error, requestId: loadContext.requestId }, "render error");
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * JavaScript after the page (issue 13): the document's modulepreload links and React Router's bootstrap module
 * are rewritten so that the modules are fetched once the page has loaded and painted (stylesheet, pictures),
 * not before, and evaluated in two tasks (the route modules, then React DOM and hydration) instead of one long
 * one. On a slow phone the content shows first; the page works without JavaScript meanwhile (real forms
 * and links), and hydration follows. An unexpected bootstrap shape is left untouched.
 */
const PRELOAD = /<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"(?: nonce="[^"]*")?\/>/g;
const BOOTSTRAP = /(<script nonce="[^"]*" type="module" async="">);?\n((?:import \* as route\d+ from "\/assets\/[\w.-]+\.js";\n)*)([\s\S]*?)\nimport\("(\/assets\/[\w.-]+\.js)"\);<\/script>/;

export function deferScripts(html: string): string {
  const boot = BOOTSTRAP.exec(html);
  if (!boot) return html;
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const routes = [...boot[2]!.matchAll(/import \* as (route\d+) from "([^"]+)";/g)].map((m) => [m[1]!, m[2]!] as const);
  const script =
    `${boot[1]}\nawait new Promise((r) => { const go = () => requestAnimationFrame(() => setTimeout(r, 0)); document.readyState === "complete" ? go() : addEventListener("load", go, { once: true }); });\n` +
    `for (const href of ${JSON.stringify(preloads)}) { const l = document.createElement("link"); l.rel = "modulepreload"; l.href = href; document.head.append(l); }\n` +
    `try {\nconst [${routes.map(([n]) => n).join(", ")}] = await Promise.all([${routes.map(([, u]) => `import(${JSON.stringify(u)})`).join(", ")}]);\n` +
    `${boot[3]}\nawait new Promise((r) => setTimeout(r, 0));\nawait import(${JSON.stringify(boot[4])});\n} catch (e) {\n  // a module that cannot load (offline, blocked): the page keeps working without JavaScript; other errors show\n  if (!/dynamically imported module|module script failed/i.test(String(e && e.message))) throw e;\n}</script>`;
  return html.replace(PRELOAD, "").replace(boot[0], () => script);
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as unknown as AppLoadContext | undefined;
  const log = ctx?.app?.log;
  if (!log) return;
  const at = { err: error, requestId: ctx.requestId, path: new URL(request.url).pathname };
  // an expected refusal (a page without an action, an unknown route) is the sender's doing: a warning, not a fault
  if (isRouteErrorResponse(error) && error.status < 500) log.warn({ ...at, status: error.status }, "request refused");
  else log.error(at, "route error");
};
