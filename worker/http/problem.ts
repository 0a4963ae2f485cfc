/**
 * HTTP API conventions: every non-2xx answer is `application/problem+json` with a stable
 * snake_case `code` and a human `message` (plus `errors` per field for invalid input).
 * A 500 says only `code: "internal"` and the request id — never a stack trace.
 */
import type { z } from "zod";
import { discardFromReader } from "./drain-body.ts";

export interface ProblemBody {
  type: "about:blank";
  title: string;
  status: number;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
  requestId?: string;
  [extra: string]: unknown;
}

export function problem(
  status: number,
  code: string,
  message: string,
  extra: Partial<ProblemBody> & Record<string, unknown> = {},
): Response {
  const body: ProblemBody = { type: "about:blank", title: message, status, code, message, ...extra };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/problem+json; charset=utf-8", "cache-control": "no-store" },
  });
}

/** Thrown inside handlers to answer with a problem; caught by the API router. */
export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
  toResponse(): Response {
    return problem(this.status, this.code, this.message, this.extra);
  }
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** Field errors in the problem shape: {"url": ["Invalid URL"]}. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * Reads and validates a JSON body. Refuses non-JSON content types, bodies over `maxBytes`
 * and malformed JSON, each with its own stable code.
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, maxBytes = 1_000_000): Promise<z.infer<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new ProblemError(415, "unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new ProblemError(413, "body_too_large", `The request body is larger than ${maxBytes} bytes.`);
  const text = await readTextLimited(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProblemError(400, "invalid_json", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ProblemError(400, "invalid_body", "The request body is invalid.", { errors: fieldErrors(parsed.error) });
  }
  return parsed.data;
}

async function readTextLimited(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      // The client went away (or the connection broke) before the whole body arrived.
      throw new ProblemError(400, "body_incomplete", "The request body ended before it was complete.");
    }
    const { done, value } = step;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Read the rest (bounded) so the connection stays usable, then refuse.
      await discardFromReader(reader);
      throw new ProblemError(413, "body_too_large", `The request body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    all.set(c, off);
    off += c.byteLength;
  }
  return new TextDecoder().decode(all);
}
