/**
 * Client-side validation with the API's own zod schemas (core/api/auth.ts), so every message is the
 * spec's wording (docs/product/validation.md) and the browser and the server can never disagree on a rule.
 */
import type { z } from "zod";
import { ApiError } from "./api-client.ts";

/**
 * A react-aria `validate` function for one field: null when the schema accepts the value, else the
 * schema's first message.
 *
 * @example <TextField name="email" validate={fieldValidator(LoginRequestSchema.shape.email)} />
 */
export function fieldValidator(schema: z.ZodType): (value: string) => string | null {
  return (value) => {
    const r = schema.safeParse(value);
    return r.success ? null : (r.error.issues[0]?.message ?? "Invalid value");
  };
}

/** The field messages of a 400 problem answer (`errors: {field: [messages]}`), for <Form validationErrors>. */
export function serverFieldErrors(err: unknown): Record<string, string[]> | null {
  if (!(err instanceof ApiError) || !err.problem?.errors) return null;
  const errors = err.problem.errors;
  return Object.keys(errors).length ? errors : null;
}

/**
 * The toast description for a failed call: the server's own message when it sent one (docs/product/messages.md
 * "server message"), otherwise `fallback`.
 */
export function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.problem?.message ?? fallback;
  return fallback;
}

/** Moves focus to the first invalid field of a form (after server-side field errors render). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const el = form?.querySelector<HTMLElement>("[aria-invalid=true], [data-invalid] input");
    el?.focus();
  });
}

/** A form sent without the script that the server refused, as its page renders it (web/lib/page-api.server.ts). */
export interface FormFailure {
  status: number;
  /** The server's own message (docs/product/messages.md "server message"), else the page's fallback. */
  message: string | null;
  /** Messages per field (a 400's `errors`), shown on the fields. */
  errors: Record<string, string[]>;
}
