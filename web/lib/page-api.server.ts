/**
 * Loaders and form actions reach the server through the JSON API, called in process as this request's
 * caller (worker/http/page-api.ts): the endpoint's own guard, zod schema, rate limit and service, so a
 * page states no access rule of its own. Server only (the `.server` name keeps it out of the browser).
 */
import type { RouterContextProvider } from "react-router";
import { ApiError, type ApiClientOptions, createApiClient } from "../../core/api/client.ts";
import { type Endpoint, type PathParams, pathOf } from "../../core/api/endpoint.ts";
import { createTransport } from "../../core/api/transport.ts";
import { adminGroup } from "../features/admin/contract.ts";
import { groceryGroup } from "../features/grocery/contract.ts";
import { shareGroup } from "../features/share/contract.ts";
import type { ApiClient } from "./api-client.ts";
import { pageApiContext } from "../context.ts";

type Context = Readonly<RouterContextProvider>;

/** The typed API client (core's groups and the features' groups, as web/lib/api-client.ts) on the in-process fetch. */
export function serverApi(context: Context): ApiClient {
  const send = context.get(pageApiContext);
  const options: ApiClientOptions = { fetch: (path, init) => send(path, { method: init.method, headers: init.headers, body: init.body }) };
  const transport = createTransport(options);
  return { ...createApiClient(options), admin: adminGroup(transport), grocery: groceryGroup(transport), shares: shareGroup(transport) };
}

import type { FormFailure } from "./form-validation.ts";

/** A read the endpoint refuses to this caller (401 signed out, 403 not allowed) as null; other failures throw. */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

export type { FormFailure };

export type FormCall = { ok: true; response: Response } | { ok: false; failure: FormFailure };

/**
 * What a form action sends to an endpoint: path parameters as declared, and the form's fields as the
 * body, unchecked here (the endpoint checks them with its declared schema and answers field errors).
 */
export interface FormInput<E extends Endpoint> {
  params?: PathParams<E["path"]>;
  body?: unknown;
}

/** A form action's call of a declared endpoint with a JSON body; the answer, or what to show on the form. */
export async function formCall<E extends Endpoint>(context: Context, endpoint: E, input: FormInput<E> = {}): Promise<FormCall> {
  const { body } = input;
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await context.get(pageApiContext)(pathOf(endpoint.path, (input.params ?? {}) as PathParams<E["path"]>), {
    method: endpoint.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.ok) return { ok: true, response };
  let problem: { message?: unknown; errors?: unknown } = {};
  try {
    problem = (await response.json()) as typeof problem;
  } catch {
    // no body: the status alone
  }
  const errors =
    problem.errors && typeof problem.errors === "object" ? (problem.errors as Record<string, string[]>) : ({} as Record<string, string[]>);
  return {
    ok: false,
    failure: { status: response.status, message: typeof problem.message === "string" ? problem.message : null, errors },
  };
}

/** The Set-Cookie lines of an endpoint's answer (a new or ended session), for the page's redirect. */
export function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const line of response.headers.getSetCookie()) headers.append("set-cookie", line);
  return headers;
}

/** A form's text fields, by name (a missing field is ""; a file is never expected). */
export function formFields<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    out[name] = typeof value === "string" ? value : "";
  }
  return out;
}
