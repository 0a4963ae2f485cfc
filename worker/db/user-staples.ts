/**
 * SQL pieces shared by the staples service (worker/services/staples.ts) and shopping mode's
 * 'I always have this' (worker/services/shopping.ts): the built-in keys as a bound JSON array and
 * the STAPLES_MAX check (decision 0119).
 */
import { DEFAULT_STAPLES } from "../../core/combine/staples.ts";

/** The built-in staple keys as one JSON array, bound as a parameter where SQL reads them with json_each. */
export const BUILT_IN_STAPLES_JSON = JSON.stringify([...DEFAULT_STAPLES]);

/**
 * SQL that is true while user ?1 keeps fewer than `max` staples of their own (`have = 1`, not built
 * in). `max` and `builtIn` name the parameters holding STAPLES_MAX and BUILT_IN_STAPLES_JSON.
 */
export function roomForOwnStapleSql(max: string, builtIn: string): string {
  return `(select count(*) from user_staples
            where user_id = ?1 and have = 1 and item_key not in (select value from json_each(${builtIn}))) < ${max}`;
}
