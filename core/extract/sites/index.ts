/**
 * Per-site overrides, for popular sites whose markup is wrong. One file per host in this
 * folder, each with its fixture test; the general rules handle every other site.
 */
import type { SiteRule } from "./site-rule.ts";
import { tasteComAu } from "./taste-com-au.ts";

export type { SiteRule } from "./site-rule.ts";

const RULES: SiteRule[] = [tasteComAu];

/** The override for a URL's host, if any. */
export function siteRuleFor(url: string): SiteRule | null {
  let host = "";
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  return RULES.find((r) => r.hosts.test(host)) ?? null;
}
