/**
 * Wire schemas of a signed-in user's own pantry staples (docs/decisions/0028-pantry-staples.md):
 * GET /api/users/me/staples, POST /api/users/me/staples, DELETE /api/users/me/staples/{key},
 * PUT /api/users/me/staples/built-in. Staples are item keys (core/combine/item-key.ts), the same keys a
 * list merges lines under, so a staple typed here matches the lines of any recipe.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { ITEM_TEXT_MAX } from "./lists.ts";

/** Most staples of their own a user may keep (decision 0028); the built-in ones do not count. */
export const STAPLES_MAX = 200;
/** Longest item key the API takes (keys come from item names of at most ITEM_TEXT_MAX characters). */
export const STAPLE_KEY_MAX = ITEM_TEXT_MAX;

/** An item key as sent: trimmed, lower case, single spaces. */
export function normaliseStapleKey(key: string): string {
  return key.trim().toLowerCase().replace(/\s+/g, " ");
}

/** GET /api/users/me/staples: what the dashboard's Staples tab shows. */
export const StaplesResponseSchema = z.object({
  /** The user's own staples (keys not among the built-in ones), A to Z. */
  mine: z.array(z.string()),
  /** Every built-in staple and whether it applies to this user (off when they took it off). */
  builtIn: z.array(z.object({ key: z.string(), on: z.boolean() })),
  /** STAPLES_MAX: how many of their own they may keep. */
  max: z.number().int(),
});
export type StaplesResponse = z.infer<typeof StaplesResponseSchema>;

const Text = z
  .string()
  .trim()
  .min(1, "Type an item, like 'flour' or 'soy sauce'.")
  .max(ITEM_TEXT_MAX, `At most ${ITEM_TEXT_MAX} characters.`);

/**
 * POST /api/users/me/staples: `item` is typed text ('2 tbsp soy sauce'), parsed to its item key the
 * way a hand-typed list item is; `key` is an exact item key (turning a built-in staple back on).
 */
export const AddStapleRequestSchema = z.union([
  z.object({ item: Text }).strict(),
  z.object({ key: Text.transform(normaliseStapleKey) }).strict(),
]);
export type AddStapleRequest = z.input<typeof AddStapleRequestSchema>;

/** The answer to POST and DELETE: the staple's key and whether it is now a staple for the user. */
export const StapleStateSchema = z.object({
  key: z.string(),
  staple: z.boolean(),
  /** Whether the key is one of the built-in staples. */
  builtIn: z.boolean(),
  /** POST only: false when it already was a staple (nothing changed). */
  added: z.boolean().optional(),
});
export type StapleState = z.infer<typeof StapleStateSchema>;

/** PUT /api/users/me/staples/built-in: every built-in staple on (the defaults apply) or off. */
export const BuiltInStaplesRequestSchema = z.object({ on: z.boolean() }).strict();
export type BuiltInStaplesRequest = z.infer<typeof BuiltInStaplesRequestSchema>;

/** A signed-in user's own pantry staples. The built-in route is declared before the :key one. */
export const stapleEndpoints = {
  list: endpoint("GET", "/api/users/me/staples", { answer: StaplesResponseSchema }),
  add: endpoint("POST", "/api/users/me/staples", { request: AddStapleRequestSchema, answer: StapleStateSchema }),
  setBuiltIn: endpoint("PUT", "/api/users/me/staples/built-in", { request: BuiltInStaplesRequestSchema, answer: StaplesResponseSchema }),
  remove: endpoint("DELETE", "/api/users/me/staples/:key", { answer: StapleStateSchema }),
};
