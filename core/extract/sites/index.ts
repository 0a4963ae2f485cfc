/**
 * Per-site overrides, for popular sites whose markup is wrong. One file per host in this
 * folder, each with its fixture test; the general rules handle every other site.
 */
import type { IngredientGroup } from "../../recipe/schema.ts";
import type { PageData } from "../collect.ts";
import type { Candidate } from "../from-json-ld.ts";
import type { VisibleIngredients } from "../from-visible.ts";
import { tasteComAu } from "./taste-com-au.ts";

/** An override for one site. Return null to keep the general result. */
export interface SiteRule {
  hosts: RegExp;
  title?(data: PageData, general: string): string | null;
  ingredients?(
    data: PageData,
    structured: Candidate | null,
    visible: VisibleIngredients | null,
  ): { ingredients: string[]; groups: IngredientGroup[] } | null;
}

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
