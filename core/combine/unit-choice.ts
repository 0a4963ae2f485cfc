/**
 * Which unit family a combined amount is shown in (docs/decisions/0007-units-and-display.md):
 * the reader's choice of metric or US units, or "as written": the family most of the item's lines
 * used, ties going to the family of the first line. So "1 cup" + "250 ml" reads "2 cups" (the
 * first line wrote cups), never "485 ml"; "200 g" + "100 g" + "1 lb" reads in grams (two metric
 * lines against one US line).
 */
import { solidDensityOf } from "./density.ts";
import { formatCount, formatMeasured } from "./format-amount.ts";
import { measureOf } from "../units/measures.ts";

/** The reader's unit choice: as the recipes wrote them (default), metric, or US customary units. */
export type UnitChoice = "as-written" | "metric" | "us";

export const UNIT_CHOICES: readonly UnitChoice[] = ["as-written", "metric", "us"];

export function isUnitChoice(value: unknown): value is UnitChoice {
  return typeof value === "string" && (UNIT_CHOICES as readonly string[]).includes(value);
}

/** What a summed amount knows about the lines that made it. */
export interface SystemVotes {
  /** Lines written in US units and in metric units. */
  usLines: number;
  metricLines: number;
  /** The family of the first line that had one (null: none did, e.g. only counts). */
  firstSystem: "us" | "metric" | null;
  /** Totals in base units per family (the old rule's tie-breaker when no line voted). */
  us?: number;
  metric?: number;
}

/** The family to show a summed amount in, for this choice. */
export function chooseSystem(votes: SystemVotes, choice: UnitChoice = "as-written"): "us" | "metric" {
  if (choice === "metric" || choice === "us") return choice;
  if (votes.usLines !== votes.metricLines) return votes.usLines > votes.metricLines ? "us" : "metric";
  if (votes.firstSystem) return votes.firstSystem;
  return (votes.metric ?? 0) > (votes.us ?? 0) ? "metric" : "us";
}

/**
 * A stored item's amount text in the reader's unit choice. "as-written" keeps the text the list
 * was built with; metric and US re-show each measured amount (volume, mass, length) from its stored
 * quantity and unit, counts as they are, and keep whatever followed the amounts (", plus more to taste").
 */
export function amountInUnits(
  text: string,
  amounts: readonly { quantity: number | null; unit: string | null }[],
  choice: UnitChoice,
  /** The item's key (solids of known density are weighed in metric) and the reader's locale. */
  item: { key?: string | null; locale?: string } = {},
): string {
  if (choice === "as-written" || amounts.length === 0) return text;
  const parts: string[] = [];
  let measured = false;
  for (const a of amounts) {
    if (a.quantity === null) return text;
    const m = measureOf(a.unit);
    if (m.dimension === "count") {
      parts.push(formatCount(a.quantity, a.unit, { locale: item.locale }).text);
      continue;
    }
    measured = true;
    const solidDensity = item.key ? solidDensityOf(item.key) : null;
    parts.push(
      formatMeasured(a.quantity * m.factor, m.dimension, {
        system: choice,
        approximate: m.system !== choice,
        locale: item.locale,
        solidDensity,
      }).text,
    );
  }
  if (!measured) return text;
  const tail = /(,\s*plus more.*)$/.exec(text);
  return parts.join(" + ") + (tail ? tail[1] : "");
}
