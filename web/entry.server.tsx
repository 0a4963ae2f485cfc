/**
 * Server render with a CSP nonce: React Router's inline scripts carry the nonce the Worker
 * put in the context, so the page runs under a strict Content-Security-Policy.
 */
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cloudflareContext } from "./context.ts";

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
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors after the shell are logged; before it, React rejects the promise.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  // Bots and SPA mode wait for everything, so they get the complete HTML.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
