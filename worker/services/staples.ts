/**
 * A signed-in user's own pantry staples (decisions 0028 and 0028). Rows of `user_staples`:
 * `have = 1` makes an item key a staple for the user, `have = 0` takes a built-in staple
 * (core/combine/staples.ts DEFAULT_STAPLES) off. A `have = 0` row only means something for a built-in
 * key, so taking off any other key deletes its row. Lists read these rules when they are built
 * (worker/db/user-staples.ts loadUserRules), so a change here shows on the next list.
 *
 * At most STAPLES_MAX keys of their own (`have = 1`, not built in) per user: the dashboard refuses
 * more with 409 `staples_full`; the list page's 'I always have this' stops remembering new ones.
 */
import {
  normaliseStapleKey,
  STAPLE_KEY_MAX,
  STAPLES_MAX,
  type AddStapleRequest,
  type StapleState,
  type StaplesResponse,
} from "../../core/api/staples.ts";
import { DEFAULT_STAPLES } from "../../core/combine/staples.ts";
import type { Db } from "../db/client.ts";
import { BUILT_IN_STAPLES_JSON, roomForOwnStapleSql } from "../db/user-staples.ts";
import { DomainError } from "./errors.ts";
import { parseTypedItem } from "../../web/features/shopping-list/server/shopping.ts";

/** What the dashboard's Staples tab shows (GET /api/users/me/staples). */
export async function readStaples(db: Db, userId: string): Promise<StaplesResponse> {
  const { results } = await db.$client
    .prepare("select item_key, have from user_staples where user_id = ?1")
    .bind(userId)
    .all<{ item_key: string; have: number }>();
  const off = new Set(results.filter((r) => !r.have).map((r) => r.item_key));
  const mine = results
    .filter((r) => r.have && !DEFAULT_STAPLES.has(r.item_key))
    .map((r) => r.item_key)
    .sort((a, b) => a.localeCompare(b, "en"));
  return { mine, builtIn: [...DEFAULT_STAPLES].map((key) => ({ key, on: !off.has(key) })), max: STAPLES_MAX };
}

/** The item key a request names: typed text goes through the same parser as an item typed on a list. */
export function stapleKeyOf(body: AddStapleRequest): string {
  const key = normaliseStapleKey("item" in body ? parseTypedItem(body.item).key : body.key);
  if (!key || key.length > STAPLE_KEY_MAX) {
    throw new DomainError("invalid", "invalid_staple", "That is not an item we can keep as a staple.", {
      errors: { item: ["Type an item, like 'flour' or 'soy sauce'."] },
    });
  }
  return key;
}

/**
 * Makes a key a staple for the user (POST /api/users/me/staples). A built-in key is turned back on
 * (its row goes, so it follows the defaults again); any other key is kept as theirs, up to STAPLES_MAX.
 * Repeating it changes nothing (`added: false`).
 */
export async function addStaple(db: Db, userId: string, body: AddStapleRequest, now = Date.now()): Promise<StapleState> {
  const key = stapleKeyOf(body);
  const d1 = db.$client;
  if (DEFAULT_STAPLES.has(key)) {
    const gone = await d1.prepare("delete from user_staples where user_id = ?1 and item_key = ?2 and have = 0").bind(userId, key).run();
    return { key, staple: true, builtIn: true, added: gone.meta.changes > 0 };
  }
  const [before, upsert] = await d1.batch([
    d1.prepare("select have from user_staples where user_id = ?1 and item_key = ?2").bind(userId, key),
    d1
      .prepare(
        `insert into user_staples (user_id, item_key, have, updated_at)
         select ?1, ?2, 1, ?3
         where exists (select 1 from user_staples where user_id = ?1 and item_key = ?2) or ${roomForOwnStapleSql("?4", "?5")}
         on conflict (user_id, item_key) do update set have = 1, updated_at = excluded.updated_at`,
      )
      .bind(userId, key, now, STAPLES_MAX, BUILT_IN_STAPLES_JSON),
  ]);
  const had = (before?.results[0] as { have: number } | undefined)?.have === 1;
  if (!upsert?.meta.changes) {
    throw new DomainError("conflict", "staples_full", `You already keep ${STAPLES_MAX} staples of your own. Remove one to add another.`, {
      limit: STAPLES_MAX,
    });
  }
  return { key, staple: true, builtIn: false, added: !had };
}

/**
 * Takes a key off the user's staples (DELETE /api/users/me/staples/{key}): a built-in key is turned
 * off for them, any other key's row goes. Idempotent; a key they never had answers the same.
 */
export async function removeStaple(db: Db, userId: string, rawKey: string, now = Date.now()): Promise<StapleState> {
  const key = normaliseStapleKey(rawKey);
  if (!key || key.length > STAPLE_KEY_MAX) {
    throw new DomainError("invalid", "invalid_staple", "That is not an item key.");
  }
  const d1 = db.$client;
  const builtIn = DEFAULT_STAPLES.has(key);
  if (builtIn) {
    await d1
      .prepare(
        `insert into user_staples (user_id, item_key, have, updated_at) values (?1, ?2, 0, ?3)
         on conflict (user_id, item_key) do update set have = 0, updated_at = excluded.updated_at`,
      )
      .bind(userId, key, now)
      .run();
  } else {
    await d1.prepare("delete from user_staples where user_id = ?1 and item_key = ?2").bind(userId, key).run();
  }
  return { key, staple: false, builtIn };
}

/** Every built-in staple on (their rows go: the defaults apply) or off for the user (PUT .../built-in). */
export async function setBuiltInStaples(db: Db, userId: string, on: boolean, now = Date.now()): Promise<StaplesResponse> {
  const d1 = db.$client;
  if (on) {
    await d1
      .prepare("delete from user_staples where user_id = ?1 and item_key in (select value from json_each(?2))")
      .bind(userId, BUILT_IN_STAPLES_JSON)
      .run();
  } else {
    await d1
      .prepare(
        `insert into user_staples (user_id, item_key, have, updated_at)
         select ?1, value, 0, ?3 from json_each(?2) where true
         on conflict (user_id, item_key) do update set have = 0, updated_at = excluded.updated_at`,
      )
      .bind(userId, BUILT_IN_STAPLES_JSON, now)
      .run();
  }
  return readStaples(db, userId);
}
