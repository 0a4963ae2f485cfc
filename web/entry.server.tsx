/**
 * Server render with a CSP nonce: React Router's inline scripts carry the nonce the Worker
 * put in the context, so the page runs under a strict Content-Security-Policy. The site's CSS
 * is provided to the root Layout, which inlines it in <head> (decision 0017).
 */
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cloudflareContext } from "./context.ts";
import { CriticalCssContext } from "./lib/critical-css.ts";
// The whole site stylesheet as text, in the server bundle only (decision 0017).
import siteCss from "./styles/app.css?inline";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(cloudflareContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(
    <CriticalCssContext.Provider value={siteCss}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </CriticalCssContext.Provider>,
    {
      nonce,
      // React moves a finished Suspense boundary out of line (shown later by an inline script) once the bytes
      // flushed before it pass this size, and the inlined stylesheet alone does: finished parts stay in place,
      // so the first HTML shows them without JavaScript (decision 0034). Unfinished ones still stream.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are logged; before it, React rejects the promise.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  // Bots and SPA mode wait for everything, so they get the complete HTML.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
