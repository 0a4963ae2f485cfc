/**
 * The API client's transport (docs/product/api.md), apart from the endpoint groups (core/api/client.ts) so a
 * page that calls one group loads only that group's schemas (core/api/lists-client.ts, decision 0017). Every
 * call sends JSON when it has a body, includes cookies, adds `Authorization: Bearer <token>` when the getter
 * returns one, and parses the answer with its zod schema.
 *
 * A non-OK answer throws ApiError whose message is "status: response text" (or the status text
 * when the body is empty), docs/product/messages.md; the parsed problem+json body rides along.
 */
import { z } from "zod";
import { ApiError, ApiShapeError, EDIT_TOKEN_HEADER, parseRetryAfter, type Problem } from "./errors.ts";

/** The problem+json body every non-2xx answer carries (worker/http/problem.ts). */
export const ProblemSchema = z
  .object({
    code: z.string().optional(),
    title: z.string().optional(),
    message: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
  })
  .passthrough();

/**
 * The slice of the Fetch API the client needs, stated structurally: core/ is platform-free
 * (tsconfig.core.json has no DOM types), and every runtime's fetch fits this shape.
 */
export interface FetchInit {
  method: string;
  credentials: "include" | "omit";
  headers: Record<string, string>;
  body?: string;
  signal?: unknown;
  /** Set on DELETE: a removal sent as the page goes away (a toast's deferred delete) still arrives. */
  keepalive?: boolean;
}
export interface FetchResponse {
  ok: boolean;
  status: number;
  statusText: string;
  /** Read for Retry-After on a refused call; a fetch without headers is fine. */
  headers?: { get(name: string): string | null };
  text(): Promise<string>;
}
export type FetchLike = (input: string, init: FetchInit) => Promise<FetchResponse>;

export interface ApiClientOptions {
  fetch: FetchLike;
  /** A bearer session token (the browser extension's), or null; read on every call. The web app has none: its session is the HttpOnly cookie. */
  getToken?: () => string | null;
  /** Prefix for paths ("" in the web app; the site origin in the extension). */
  baseUrl?: string;
  /**
   * "include" (default): the web app's cookie session rides along. The browser extension uses
   * "omit": it signs in with its bearer token only, so a cross-origin call never carries cookies.
   */
  credentials?: "include" | "omit";
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Per-call extras: abort signal, and an edit token for things made while signed out (decision 0013). */
export interface CallOptions {
  /** An AbortSignal. */
  signal?: unknown;
  editToken?: string | null;
}

/** Path segments and query values are percent-encoded. */
export const enc = encodeURIComponent;

/** What a group of endpoints needs from the client: a call parsed with a schema, and a call whose answer is not read. */
export interface Transport {
  call<S extends z.ZodType>(method: Method, path: string, schema: S, body?: unknown, opts?: CallOptions): Promise<z.infer<S>>;
  callVoid(method: Method, path: string, body?: unknown, opts?: CallOptions): Promise<void>;
}

export function createTransport(options: ApiClientOptions): Transport {
  const base = options.baseUrl ?? "";

  async function send(method: Method, path: string, body: unknown, opts: CallOptions): Promise<FetchResponse> {
    const hasBody = body !== undefined;
    const headers: Record<string, string> = { accept: "application/json" };
    if (hasBody) headers["content-type"] = "application/json";
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (opts.editToken) headers[EDIT_TOKEN_HEADER] = opts.editToken;
    const res = await options.fetch(base + path, {
      method,
      credentials: options.credentials ?? "include",
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: opts.signal,
      ...(method === "DELETE" ? { keepalive: true } : {}),
    });
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      const retryAfter = parseRetryAfter(res.headers?.get("retry-after"), Date.now());
      throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parseProblem(text, res.status), retryAfter);
    }
    return res;
  }

  /** Calls and parses the JSON answer with `schema`. */
  async function call<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    body?: unknown,
    opts: CallOptions = {},
  ): Promise<z.infer<S>> {
    const res = await send(method, path, body, opts);
    const text = await res.text();
    let value: unknown;
    try {
      value = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiShapeError(path, "not JSON");
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new ApiShapeError(path, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    return parsed.data;
  }

  /** Calls an endpoint that answers 204 (or anything we do not read). */
  async function callVoid(method: Method, path: string, body?: unknown, opts: CallOptions = {}): Promise<void> {
    const res = await send(method, path, body, opts);
    await res.text().catch(() => "");
  }

  return { call, callVoid };
}

/** "?a=1&b=x" from the defined, non-empty values ("" when none). */
export function queryString(query: { [key: string]: string | number | undefined | null }): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    parts.push(`${enc(key)}=${enc(String(value))}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

function parseProblem(text: string, status: number): Problem | null {
  if (!text) return null;
  try {
    const parsed = ProblemSchema.safeParse(JSON.parse(text));
    return parsed.success ? { ...parsed.data, status } : null;
  } catch {
    return null;
  }
}
