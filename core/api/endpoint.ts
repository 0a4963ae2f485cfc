/**
 * One declaration per API endpoint: method, path (":name" marks a path parameter), and the zod schemas
 * of its JSON body, its query and its answer. The Worker routes what is declared (worker/http/router.ts
 * `serve`) and the typed clients call it (`callEndpoint`), so a path is written in one place only.
 * zod only, platform-free: the web app, the Worker, the extension and the CLI share it.
 *
 * `answer: null` declares an answer the client does not read (204, a redirect, a development page).
 */
import type { z } from "zod";
import { type CallOptions, enc, type Method, queryString, type Transport } from "./transport.ts";

type Schema = z.ZodType;

/** The ":name" parameters of a path, as a union of names. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's parameters ({} for a path without any). */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Req extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  A extends Schema | null = Schema | null,
> {
  readonly method: M;
  readonly path: P;
  /** The JSON body's schema (none: the endpoint takes no body). */
  readonly request: Req;
  /** The query string's schema (none: the endpoint reads no query). */
  readonly query: Q;
  /** The answer's schema, or null for an answer the client does not read. */
  readonly answer: A;
}

/** Declares an endpoint; the object is what the server routes and the client calls. */
export function endpoint<
  const M extends Method,
  const P extends `/api/${string}`,
  Req extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  A extends Schema | null = null,
>(method: M, path: P, schemas: { request?: Req; query?: Q; answer?: A } = {}): Endpoint<M, P, Req, Q, A> {
  return {
    method,
    path,
    request: schemas.request as Req,
    query: schemas.query as Q,
    answer: (schemas.answer ?? null) as A,
  };
}

/** Whether a value is an endpoint declaration (for the tests that hold the server table against them). */
export function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<Endpoint>;
  return typeof v.method === "string" && typeof v.path === "string" && v.path.startsWith("/api/") && "answer" in v;
}

/** The path with its parameters filled in (each percent-encoded). */
export function pathOf<P extends string>(path: P, params: PathParams<P>): string {
  const values = params as Record<string, string>;
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => enc(values[name] ?? ""));
}

/** What a call of an endpoint sends: path parameters, query and body, each as declared. */
export type CallInput<E extends Endpoint> = (keyof PathParams<E["path"]> extends never
  ? { params?: undefined }
  : { params: PathParams<E["path"]> }) &
  (E["query"] extends Schema ? { query?: z.input<E["query"]> } : { query?: undefined }) &
  (E["request"] extends Schema ? { body: z.input<E["request"]> } : { body?: undefined });

/** What a call of an endpoint resolves to: the parsed answer, or nothing for an unread one. */
export type Answer<E extends Endpoint> = E["answer"] extends Schema ? z.infer<E["answer"]> : undefined;

/** The address of a call (path with parameters, then the query's defined, non-empty values). */
export function addressOf<E extends Endpoint>(ep: E, input: CallInput<E>): string {
  const query = input.query as Record<string, string | number | undefined | null> | undefined;
  return pathOf(ep.path, (input.params ?? {}) as PathParams<E["path"]>) + (query ? queryString(query) : "");
}

/** Calls a declared endpoint over a transport and parses its answer with the declared schema. */
export function callEndpoint<E extends Endpoint>(transport: Transport, ep: E, input: CallInput<E>, opts?: CallOptions): Promise<Answer<E>> {
  const address = addressOf(ep, input);
  if (ep.answer === null) return transport.callVoid(ep.method, address, input.body, opts) as Promise<Answer<E>>;
  return transport.call(ep.method, address, ep.answer, input.body, opts) as Promise<Answer<E>>;
}
