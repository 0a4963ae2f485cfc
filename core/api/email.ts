/** Wire schemas for e-mailing a shopping list (POST /api/shopping-lists/{id}/email, docs/product/api.md). */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const EMAIL_MAX = 254;

/** docs/product/validation.md: non-blank and containing '@'; the server also wants something on both sides of it. */
export const EmailListRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter a valid email address.")
    .max(EMAIL_MAX, "Please enter a valid email address.")
    .regex(/^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/, "Please enter a valid email address."),
});
export type EmailListRequest = z.infer<typeof EmailListRequestSchema>;

export const EmailListResponseSchema = z.object({
  sent: z.boolean(),
  message: z.string(),
});
export type EmailListResponse = z.infer<typeof EmailListResponseSchema>;

/** GET, POST and DELETE /api/mail/opt-out/{token} (decision 0044): whether list mails to the link's address are stopped. */
export const OptOutStateSchema = z.object({ optedOut: z.boolean() });
export type OptOutState = z.infer<typeof OptOutStateSchema>;

/** E-mail a shopping list; a list mail's 'Don't send me lists' link (its state, stop, start again). */
export const emailEndpoints = {
  list: endpoint("POST", "/api/shopping-lists/:id/email", { request: EmailListRequestSchema, answer: EmailListResponseSchema }),
  /** The token is the right; no session is asked for. The POST takes any body (a mail provider's one-click POST). */
  optOutState: endpoint("GET", "/api/mail/opt-out/:token", { answer: OptOutStateSchema }),
  optOut: endpoint("POST", "/api/mail/opt-out/:token", { answer: OptOutStateSchema }),
  optBackIn: endpoint("DELETE", "/api/mail/opt-out/:token", { answer: OptOutStateSchema }),
};
