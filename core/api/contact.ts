/**
 * Wire schemas of the contact form (POST /api/contact, docs/product/api.md, decision 0021) and of the
 * admin desk's read-only list of contact messages (GET /api/admin/contact-messages).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { CONTACT_CATEGORIES, type ContactCategory } from "./constants.ts";
import { EMAIL_MAX } from "./email.ts";

export { CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS, type ContactCategory } from "./constants.ts";

export const isContactCategory = (c: unknown): c is ContactCategory => (CONTACT_CATEGORIES as readonly unknown[]).includes(c);

/** docs/product/constants.md: the contact form's limits. */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;
/** A JSON body larger than this is refused (413) before it is parsed. */
export const CONTACT_BODY_MAX_BYTES = 32_000;

const required = (message: string, max: number, tooLong: string) => z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** docs/product/validation.md: name, email, subject and message are required; category is optional. */
export const ContactRequestSchema = z.object({
  name: required("Please enter your name.", CONTACT_NAME_MAX, `Your name can be at most ${CONTACT_NAME_MAX} characters.`),
  email: z
    .string({ error: "Please enter your email address." })
    .trim()
    .min(1, "Please enter your email address.")
    .max(EMAIL_MAX, "Please enter a valid email address.")
    .regex(/^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/, "Please enter a valid email address."),
  subject: required("Please enter a subject.", CONTACT_SUBJECT_MAX, `The subject can be at most ${CONTACT_SUBJECT_MAX} characters.`),
  category: z
    .enum(CONTACT_CATEGORIES, { error: "Please choose one of the listed categories." })
    .nullish()
    .transform((c) => c ?? null),
  message: required("Please enter your message.", CONTACT_MESSAGE_MAX, `Your message can be at most ${CONTACT_MESSAGE_MAX} characters.`),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;

/** 202: the message is stored and its mail to support queued. */
export const ContactResponseSchema = z.object({ received: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

export const ADMIN_CONTACT_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_CONTACT_PAGE_SIZE_MAX = 100;

export const AdminContactQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number." })
    .int("page must be a whole number.")
    .min(1, "page must be at least 1.")
    .max(1_000_000, "page can be at most 1000000.")
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number." })
    .int("pageSize must be a whole number.")
    .min(1, "pageSize must be at least 1.")
    .max(ADMIN_CONTACT_PAGE_SIZE_MAX, `pageSize can be at most ${ADMIN_CONTACT_PAGE_SIZE_MAX}.`)
    .default(ADMIN_CONTACT_PAGE_SIZE_DEFAULT),
});
export type AdminContactQuery = { page?: number; pageSize?: number };

export const ContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.enum(CONTACT_CATEGORIES).nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** GET /api/admin/contact-messages: newest first. */
export const AdminContactMessagesResponseSchema = z.object({
  messages: z.array(ContactMessageSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminContactMessagesResponse = z.infer<typeof AdminContactMessagesResponseSchema>;

/** The contact form, and the admin desk's read-only list of its messages. */
export const contactEndpoints = {
  send: endpoint("POST", "/api/contact", { request: ContactRequestSchema, answer: ContactResponseSchema }),
  messages: endpoint("GET", "/api/admin/contact-messages", { query: AdminContactQuerySchema, answer: AdminContactMessagesResponseSchema }),
};
