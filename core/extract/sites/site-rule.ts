/** What a per-site override (one file per host in this folder) may replace. */
import type { IngredientGroup } from "../../recipe/schema.ts";
import type { PageData } from "../page-data.ts";
import type { Candidate } from "../from-json-ld.ts";
import type { VisibleIngredients } from "../from-visible.ts";

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
