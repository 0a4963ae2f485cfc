/**
 * The JSON API, called in process by page loaders and form actions (web/lib/page-api.server.ts): a
 * fetch whose requests enter the same router as /api/* (worker/http/router.ts), with the caller this
 * page request already resolved. So a page reads and changes data through the endpoints' own guard,
 * zod schema, rate limit and service: every access rule is stated once, at the endpoint.
 *
 * The inner request carries the page request's headers (cookie, client address, user agent, origin)
 * except its body's; only the path, method, JSON body and the API client's headers are new.
 */
import type { ApiContext } from "./router.ts";

type Base = Omit<ApiContext, "params" | "request" | "url"> & { request: Request; url: URL };

export interface PageApiInit {
  method: string;
  headers?: Record<string, string>;
  body?: string;
}

/** In-process fetch of an API path ("/api/…"). Anything else is refused: it is not an endpoint. */
export type PageApiFetch = (path: string, init: PageApiInit) => Promise<Response>;

const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "transfer-encoding", "accept"];

export function createPageApi(base: Base, dispatch: (c: Omit<ApiContext, "params">) => Promise<Response>): PageApiFetch {
  return async (path, init) => {
    const url = new URL(path, base.url);
    if (url.origin !== base.url.origin || !url.pathname.startsWith("/api/")) {
      throw new TypeError(`the page API calls only /api/ paths (got ${path})`);
    }
    const headers = new Headers(base.request.headers);
    for (const name of BODY_HEADERS) headers.delete(name);
    for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
    const request = new Request(url, { method: init.method, headers, body: init.body });
    return dispatch({ ...base, request, url });
  };
}
