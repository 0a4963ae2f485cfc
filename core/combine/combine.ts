/**
 * Combine several recipes' ingredient lines into one shopping list grouped by store category.
 * Lines are parsed (core/ingredient/parse.ts), folded onto canonical item keys (item-key.ts),
 * their amounts summed within a dimension (core/units/measures.ts), volume and mass joined where
 * the density table covers the item (density.ts), and shown in sensible units (format-amount.ts).
 * Decisions: docs/decisions/0007-units-and-display.md, 0008-building-a-list.md, 0007-units-and-display.md.
 */
import { defined } from "../lib/invariant.ts";
import { CATEGORIES, categorise, type CategoryName } from "../categorise/categorise.ts";
import { parseIngredient } from "../ingredient/parse.ts";
import type { Amount, ParsedIngredient } from "../ingredient/types.ts";
import { convertUnit, isContainerUnit, measureOf, type Dimension } from "../units/measures.ts";
import { canonicalUnit } from "../units/aliases.ts";
import { densityOf, solidDensityOf, unitWeightOf } from "./density.ts";
import { formatCount, formatMeasured, type DisplayAmount } from "./format-amount.ts";
import { languageOfTag } from "../ingredient/language.ts";
import { foreignItemKey, itemKey, pluralName } from "./item-key.ts";
import { isStaple, type StapleRules } from "./staples.ts";
import { chooseSystem, type UnitChoice } from "./unit-choice.ts";

/** One recipe to combine: its title and its ingredient lines as written. */
export interface RecipeInput {
  id?: string;
  title: string;
  lines: string[];
  /** Servings factor: every amount of this recipe is multiplied by it before combining (default 1). */
  scale?: number;
}

/** An amount on the list: number in `unit` (canonical unit, null = bare count) and display text. */
export interface ListAmount {
  /** Null only for an item that no line gave a quantity ("salt to taste"). */
  quantity: number | null;
  unit: string | null;
  text: string;
}

/** Where an item came from: the recipe's title (and id, when given) and the line as written. */
export interface ListSource {
  recipe: string;
  recipeId?: string;
  line: string;
}

export interface ListItem {
  /** Canonical merge key ("spring onion"). */
  key: string;
  /** Shopper-facing name ("green onions"). */
  name: string;
  category: CategoryName;
  /** All amounts as one text: "3 tbsp", "1 cup + 200 g", "to taste". */
  text: string;
  /** One entry per amount that could not be merged into another (a volume beside a count...). */
  amounts: ListAmount[];
  /** Notes from the lines, deduplicated, except one that `text` already shows: "optional", "or margarine". */
  notes: string[];
  /** True when every line for this item was optional. */
  optional: boolean;
  /** A pantry staple most kitchens have (core/combine/staples.ts): shown under 'You probably have'. */
  staple: boolean;
  /** Titles of the recipes that use the item, in input order. */
  recipes: string[];
  sources: ListSource[];
}

export interface ListCategory {
  category: CategoryName;
  items: ListItem[];
}

/** A line that is not on the list, and why. */
export interface SkippedLine {
  recipe: string;
  line: string;
  reason: "header" | "empty" | "unparsed" | "not-bought";
}

export interface CombinedList {
  /** Categories in store-walk order; only categories with items. Items sorted by name. */
  categories: ListCategory[];
  skipped: SkippedLine[];
}

export interface CombineOptions {
  /** Parser to use (default: parseIngredient). */
  parse?: (line: string) => ParsedIngredient;
  /** Unit family of combined amounts: as most lines wrote them (default), or always metric / US. */
  units?: UnitChoice;
  /** The reader's own staples on top of the defaults (signed-in users). */
  staples?: StapleRules;
  /** The reader's locale for numbers in amounts (default "en"). */
  locale?: string;
  /**
   * The reader's language (BCP 47): an item bought for recipes in several languages is named as a
   * line in this language wrote it, when one did (decision 0005). Default: the most used writing.
   */
  language?: string | null;
}

// ------------------------------------------------------------------ per-line amounts

interface LineAmount {
  quantity: number;
  unit: string | null;
}

/** Text between two amounts that makes the second an addition ("1 lb 9 oz", "1 cup plus 2 tbsp"). */
const ADDITIVE_GAP = /^\s*(?:plus|\+|and)?\s*$/i;

/**
 * The amount to buy for one line. Ranges take their upper end; "2 (14 oz) cans" is 28 oz;
 * "1 lb 9 oz" adds up; "150 g/5 oz" and "1 cup (200 g)" are the same amount twice, so only the
 * first counts.
 */
export function lineAmounts(p: ParsedIngredient, impliedUnit: string | null = null, impliedQuantity: number | null = null): LineAmount[] {
  const as = p.amounts.filter((a) => a.quantity !== null || a.unit !== null);
  const [a0] = as;
  if (!a0) return impliedUnit && impliedQuantity ? [{ quantity: impliedQuantity, unit: impliedUnit }] : [];
  const q0 = a0.quantityMax ?? a0.quantity ?? 1;
  const u0 = a0.unit ?? impliedUnit;
  const a1 = as[1];
  if (a1 && a1.quantity !== null && isContainerUnit(u0)) {
    const dim = measureOf(a1.unit).dimension;
    if (dim === "mass" || dim === "volume") return [{ quantity: q0 * (a1.quantityMax ?? a1.quantity), unit: a1.unit }];
  }
  if (isContainerUnit(u0) && (!a1 || a1.quantity === null)) {
    const [, sizeQuantity, sizeUnit] = PACK_SIZE.exec(p.input) ?? [];
    const unit = sizeUnit ? canonicalUnit(sizeUnit.toLowerCase().replace(/\s+/g, " ")) : null;
    if (sizeQuantity && unit) return [{ quantity: q0 * Number(sizeQuantity), unit }];
  }
  let total = q0;
  let prev = measureOf(u0);
  let before = a0;
  for (const ai of as.slice(1)) {
    const m = measureOf(ai.unit);
    if (ai.quantity === null || m.dimension === "count" || m.dimension !== prev.dimension || m.system !== prev.system) break;
    if (m.factor >= prev.factor || !additive(p.input, before, ai)) break;
    before = ai;
    total += convertUnit(ai.quantity, ai.unit, u0) ?? 0;
    prev = m;
  }
  return [{ quantity: total, unit: u0 }];
}

function additive(input: string, a: Amount, b: Amount): boolean {
  // Compare without spaces: the parser writes "1 lb" for "1lb".
  const squash = (t: string) => t.toLowerCase().replace(/\s+/g, "");
  const line = squash(input);
  const ta = squash(a.text);
  const tb = squash(b.text);
  const ia = line.indexOf(ta);
  const ib = ia < 0 ? -1 : line.indexOf(tb, ia + ta.length);
  if (ia < 0 || ib < 0) return false;
  return ADDITIVE_GAP.test(line.slice(ia + ta.length, ib));
}

// ------------------------------------------------------------------ accumulation

interface Bucket {
  dimension: Dimension;
  /** Count unit (null = bare count); null for measured dimensions. */
  unit: string | null;
  /** Total in base units (ml, g, mm) or count. */
  base: number;
  us: number;
  metric: number;
  /** Lines written in US units / in metric units, and the system of the first line. */
  usLines: number;
  metricLines: number;
  firstSystem: "us" | "metric" | null;
  /** Which of the item's lines gave `firstSystem` (its index among the item's lines). */
  firstAt: number;
  /** A solid weighed in some lines and measured by volume in others: the family of the weighed lines (decision 0005). */
  weighedIn?: "us" | "metric";
}

interface Acc {
  key: string;
  order: number;
  votes: Map<string, { n: number; first: number; written: string; language: string }>;
  rawNames: string[];
  buckets: Map<string, Bucket>;
  unquantified: boolean;
  notes: string[];
  allOptional: boolean;
  recipes: string[];
  sources: ListSource[];
}

/** Lines that name nothing to buy. */
const NOT_BOUGHT = new Set(["water", "ice water", "tap water", "boiling water"]);
const COUNT_UNIT_ALIAS: Record<string, string> = { tin: "can", rib: "stalk" };
/** "500g minced beef" parses as name "beef", preparation "minced": that is ground beef to a shopper. */
const MINCEABLE = new Set(["beef", "pork", "lamb", "turkey", "chicken", "veal", "meat"]);
const SALT_AND_PEPPER = /^(.*\bsalt)\s+(?:and|&)\s+(.*\bpepper)$/i;
/** Purpose words a parser may leave at the end of a name: they belong in the notes. */
const NAME_TAIL =
  /[\s,]+(to taste|as needed|as required|if needed|if desired|to serve|to garnish|for (?:the )?(?:serving|garnish|garnishing|decoration|decorating|dusting|greasing|frying|brushing|drizzling|topping)|optional|\(optional\))$/i;
/** A pack size written in brackets: "2 (14-ounce) cans", "1 (400 g) tin". */
const PACK_SIZE = /\(\s*(\d+(?:\.\d+)?)\s*-?\s*(ounces?|oz|g|grams?|ml|lbs?|pounds?|fl\.?\s*oz|kg|l|litres?|liters?)\b/i;

function addAmount(acc: Acc, a: LineAmount, scale = 1): void {
  let m = measureOf(a.unit);
  let quantity = a.quantity * scale;
  let unit = m.unit;
  if (m.dimension === "count" && unit !== null) {
    unit = COUNT_UNIT_ALIAS[unit] ?? unit;
    const w = unitWeightOf(acc.key, unit);
    if (w !== null) {
      quantity *= w;
      m = measureOf("g");
      m = { ...m, system: "us" };
    }
  }
  const bucketKey = m.dimension === "count" ? `count:${unit ?? ""}` : m.dimension;
  let b = acc.buckets.get(bucketKey);
  if (!b) {
    b = {
      dimension: m.dimension,
      unit: m.dimension === "count" ? unit : null,
      base: 0,
      us: 0,
      metric: 0,
      usLines: 0,
      metricLines: 0,
      firstSystem: null,
      firstAt: Number.POSITIVE_INFINITY,
    };
    acc.buckets.set(bucketKey, b);
  }
  const base = quantity * m.factor;
  b.base += base;
  if (m.system === "us") {
    b.us += base;
    b.usLines++;
  } else if (m.system === "metric") {
    b.metric += base;
    b.metricLines++;
  }
  if (m.system !== "none" && b.firstSystem === null) {
    b.firstSystem = m.system;
    b.firstAt = acc.sources.length;
  }
}

/**
 * Join a volume and a mass of the same item when its density is known: into the larger one, except
 * that a solid weighed in some line stays a weight, in the family of the weighed lines ("250 g flour"
 * and "2 cups flour" are 500 g; decision 0005).
 */
function joinByDensity(acc: Acc): void {
  const vol = acc.buckets.get("volume");
  const mass = acc.buckets.get("mass");
  const d = densityOf(acc.key);
  if (!vol || !mass || d === null) return;
  const solid = solidDensityOf(acc.key) !== null;
  if (!solid && vol.base * d >= mass.base) {
    vol.base += mass.base / d;
    vol.us += mass.us / d;
    vol.metric += mass.metric / d;
    joinLines(vol, mass);
    acc.buckets.delete("mass");
  } else {
    if (solid) mass.weighedIn = chooseSystem(mass);
    mass.base += vol.base * d;
    mass.us += vol.us * d;
    mass.metric += vol.metric * d;
    joinLines(mass, vol);
    acc.buckets.delete("volume");
  }
}

function joinLines(into: Bucket, from: Bucket): void {
  into.usLines += from.usLines;
  into.metricLines += from.metricLines;
  // a tie goes to the family of the item's first line, whichever bucket it went to
  if (from.firstSystem !== null && (into.firstSystem === null || from.firstAt < into.firstAt)) {
    into.firstSystem = from.firstSystem;
    into.firstAt = from.firstAt;
  }
}

function noteText(notes: string[]): string | null {
  return notes.find((n) => /^(to|for|as)\b/i.test(n)) ?? null;
}

function finish(acc: Acc, options: CombineOptions): ListItem {
  joinByDensity(acc);
  const amounts: DisplayAmount[] = [];
  let bareCount = 0;
  for (const b of acc.buckets.values()) {
    if (b.dimension === "count") {
      const shown = formatCount(b.base, b.unit, { locale: options.locale });
      amounts.push(shown);
      if (b.unit === null) bareCount = shown.quantity ?? b.base;
    } else {
      const asWritten = (options.units ?? "as-written") === "as-written";
      const system = asWritten && b.weighedIn ? b.weighedIn : chooseSystem(b, options.units);
      // summed across families, or shown in the family no line used: an approximate total
      const approximate = (b.usLines > 0 && b.metricLines > 0) || (system === "us" ? b.usLines === 0 : b.metricLines === 0);
      amounts.push(
        formatMeasured(b.base, b.dimension, { system, approximate, locale: options.locale, solidDensity: solidDensityOf(acc.key) }),
      );
    }
  }
  const note = noteText(acc.notes);
  let text = amounts.map((a) => a.text).join(" + ");
  if (amounts.length === 0) {
    amounts.push({ quantity: null, unit: null, text: note ?? "" });
    text = note ?? "";
  } else if (acc.unquantified) {
    text += note ? `, plus more ${note}` : ", plus more";
  }
  // Display: the most used way of writing the name, plural when bought as a bare count above 1.
  let best = "";
  let bestVote = { n: -1, first: Infinity, written: "", language: "en" };
  const reader = languageOfTag(options.language);
  const inReaders = reader !== null && [...acc.votes.values()].some((v) => v.language === reader);
  for (const [name, v] of acc.votes) {
    if (inReaders && v.language !== reader) continue;
    if (v.n > bestVote.n || (v.n === bestVote.n && v.first < bestVote.first)) {
      best = name;
      bestVote = v;
    }
  }
  const countFirst = amounts[0]?.unit === null && amounts[0]?.quantity !== null;
  // English plurals only for English names; another language's name stays as its recipe wrote it
  const name =
    bestVote.language !== "en"
      ? bestVote.written || best
      : countFirst
        ? bareCount > 1
          ? pluralName(best)
          : best
        : bestVote.written || best;
  let category = categorise(best);
  for (const raw of acc.rawNames) {
    if (category !== "Other") break;
    category = categorise(raw);
  }
  return {
    key: acc.key,
    name,
    category,
    text,
    amounts: amounts.map((a) => ({ quantity: a.quantity, unit: a.unit, text: a.text })),
    // a note the text already shows ("to taste") is not repeated
    notes: acc.notes.filter((n) => !text.endsWith(n)),
    optional: acc.allOptional,
    staple: isStaple(acc.key, options.staples),
    recipes: acc.recipes,
    sources: acc.sources,
  };
}

/** A recipe's servings factor: a positive finite number, else 1. */
function scaleOf(recipe: RecipeInput): number {
  const s = recipe.scale;
  return typeof s === "number" && Number.isFinite(s) && s > 0 ? s : 1;
}

/**
 * Combine recipes into one shopping list: one line per item to buy, amounts summed, grouped by
 * store category in store-walk order. Header and unparseable lines are listed in `skipped`.
 * @param recipes titles and ingredient lines
 * @param options a parser to use instead of parseIngredient (tests)
 */
export function combineRecipes(recipes: readonly RecipeInput[], options: CombineOptions = {}): CombinedList {
  const parse = options.parse ?? parseIngredient;
  const items = new Map<string, Acc>();
  const skipped: SkippedLine[] = [];
  let order = 0;
  for (const recipe of recipes) {
    for (const rawLine of recipe.lines) {
      const line = rawLine.trim();
      if (!line) {
        skipped.push({ recipe: recipe.title, line: rawLine, reason: "empty" });
        continue;
      }
      const p = parse(line);
      if (p.isHeader) {
        skipped.push({ recipe: recipe.title, line, reason: "header" });
        continue;
      }
      if (!p.name || !/[a-z]{2}/i.test(p.name)) {
        skipped.push({ recipe: recipe.title, line, reason: "unparsed" });
        continue;
      }
      let name = p.name.trim();
      if (MINCEABLE.has(name.toLowerCase()) && /\b(minced|ground)\b/i.test(p.preparation ?? "")) name = `ground ${name}`;
      const tailNotes: string[] = [];
      for (let m = NAME_TAIL.exec(name); m && m.index > 0; m = NAME_TAIL.exec(name)) {
        tailNotes.unshift(defined(m[1], "the name tail's note").toLowerCase());
        name = name.slice(0, m.index).trim();
      }
      const [, salt, pepper] = SALT_AND_PEPPER.exec(name) ?? [];
      const saltAndPepper = salt !== undefined && pepper !== undefined;
      const names = saltAndPepper ? [salt, pepper] : [name];
      for (const rawName of names) {
        const ik = p.language && p.language !== "en" ? foreignItemKey(rawName, p.language) : itemKey(rawName);
        const lineLanguage = p.language ?? "en";
        if (!ik.key || NOT_BOUGHT.has(ik.key)) {
          skipped.push({ recipe: recipe.title, line, reason: ik.key ? "not-bought" : "unparsed" });
          continue;
        }
        let acc = items.get(ik.key);
        if (!acc) {
          acc = {
            key: ik.key,
            order: order++,
            votes: new Map(),
            rawNames: [],
            buckets: new Map(),
            unquantified: false,
            notes: [],
            allOptional: true,
            recipes: [],
            sources: [],
          };
          items.set(ik.key, acc);
        }
        const vote = acc.votes.get(ik.display);
        if (vote) vote.n++;
        else acc.votes.set(ik.display, { n: 1, first: acc.votes.size, written: ik.written, language: lineLanguage });
        acc.rawNames.push(rawName.toLowerCase());
        const amounts = saltAndPepper ? [] : lineAmounts(p, ik.impliedUnit, ik.impliedQuantity);
        if (amounts.length === 0) acc.unquantified = true;
        for (const a of amounts) addAmount(acc, a, scaleOf(recipe));
        const notes = [p.comment, ...tailNotes, p.optional ? "optional" : null, ...p.alternatives.map((a) => `or ${a}`)];
        if (saltAndPepper && !p.comment && tailNotes.length === 0) notes.push("to taste");
        const optional = p.optional || tailNotes.includes("optional");
        for (const n of notes) {
          for (const part of (n ?? "").split(/[;,]|\(|\)/)) {
            const t = part.trim();
            if (t && t.length <= 60 && !acc.notes.includes(t)) acc.notes.push(t);
          }
        }
        if (!optional) acc.allOptional = false;
        if (!acc.recipes.includes(recipe.title)) acc.recipes.push(recipe.title);
        acc.sources.push(recipe.id === undefined ? { recipe: recipe.title, line } : { recipe: recipe.title, recipeId: recipe.id, line });
      }
    }
  }
  const byCategory = new Map<CategoryName, ListItem[]>();
  for (const acc of items.values()) {
    const item = finish(acc, options);
    const list = byCategory.get(item.category);
    if (list) list.push(item);
    else byCategory.set(item.category, [item]);
  }
  const categories: ListCategory[] = [];
  for (const category of CATEGORIES) {
    const list = byCategory.get(category);
    if (list) categories.push({ category, items: list.sort((a, b) => a.name.localeCompare(b.name)) });
  }
  return { categories, skipped };
}
