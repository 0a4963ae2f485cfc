/**
 * Reading a recipe from the visible page when structured data is missing or wrong:
 * (1) recipe-plugin markup (WP Recipe Maker, Tasty Recipes, Mediavine Create, Zip Recipes,
 * Cooked, ... all mark their ingredient block with a class or id containing "ingredient"),
 * (2) the list that follows an "Ingredients" heading in the page's language.
 */
import type { IngredientGroup } from "../recipe/schema.ts";
import type { OutlineItem, PageData } from "./collect.ts";
import { isHeadingLine } from "./from-json-ld.ts";
import { INGREDIENT_WORDS, isLabelLine, LABEL_PREFIX } from "./labels.ts";
import { cleanLine, cleanText, collapseWhitespace, decodeEntities, stripTags } from "./text.ts";

// The end of a word in any script: JavaScript's \b only knows ASCII letters, so "Ингредиенты"
// or "作り方" at the end of a heading never matched it.
const END = "(?![\\p{L}\\p{N}])";

/** "Ingredients" in the languages recipe pages are written in. */
export const INGREDIENT_HEADING = new RegExp(`^${LABEL_PREFIX}(?:${INGREDIENT_WORDS})${END}|^(?:材料|食材|用料|재료)`, "iu");

/**
 * A paragraph that labels the list for a number of people or a part of the dish, in one of the
 * languages ("Zutaten für 4 Personen", "Ingrédients pour la pâte (4 heures) :", "Ingredientes (para
 * 6 personas)"): the label word, then a preposition or a parenthesis, and no sentence after it.
 */
const INGREDIENTS_FOR = new RegExp(
  `^${LABEL_PREFIX}(?:${INGREDIENT_WORDS})${END}\\s*(?:\\(|(?:for|für|pour|para|per|voor|til|till|dla|na|za|к|для|για)\\s)[^.!?]{0,50}$`,
  "iu",
);

/** "Ingredients for the sauce", "Zutaten für den Teig", "Ingrédients pour la pâte": a group of the list. */
const GROUP_OF_INGREDIENTS = /^\S+\s+(?:for|für|zum|zur|pour|per|para|voor|til|till|för|dla|na|za|к|для|για)\s+(?!\d)\S/iu;

/** Headings that end an ingredient section. */
const STOP_HEADING = new RegExp(
  "^(?:\\d+\\.?\\s*)?(?:" +
    [
      "instructions?", "directions?", "method", "preparation", "steps?", "how to", "notes?", "nutrition", "equipment", "tools",
      "zubereitung", "anleitung", "pr[ée]paration", "[ée]tapes", "preparazione", "procedimento", "preparaci[óo]n", "elaboraci[óo]n",
      "modo de preparo", "prepara[çc][ãa]o", "mod de preparare", "preparare", "bereiding", "bereidingswijze", "werkwijze",
      "fremgangsm[åa]de", "tilberedning", "tillagning", "instruktioner", "s[åa]dan g[øo]r du", "slik gj[øo]r du", "g[öo]r s[åa] h[äa]r",
      "valmistus", "przygotowanie", "spos[óo]b przygotowania", "postup", "p[řr][íi]prava", "pr[íi]prava", "priprema", "postopek", "priprava",
      "elk[ée]sz[íi]t[ée]s", "yap[ıi]l[ıi][şs][ıi]", "haz[ıi]rlan[ıi][şs][ıi]", "cara membuat", "c[áa]ch l[àa]m",
      "приготовление", "способ приготовления", "приготування", "начин на приготвяне", "παρασκευή", "εκτέλεση", "οδηγίες",
      "אופן ההכנה", "הוראות הכנה", "طريقة التحضير", "วิธีทำ", "作り方", "做法", "步骤", "만드는 법", "조리법",
      // the steps, nutrition, tips and utensils in German, French, Dutch, Spanish, Portuguese, Italian, Scandinavian
      "so geht(?:'|’)?s", "schritt f[üu]r schritt", "n[äa]hrwerte", "n[äa]hrwertangaben", "tipps?", "utensilien", "k[üu]chenger[äa]te",
      "[ée]tape par [ée]tape", "d[ée]roul[ée]", "valeurs? nutritionnelles?", "astuces?", "conseils?", "ustensiles", "mat[ée]riel",
      "stap voor stap", "voedingswaarden?", "keukengerei",
      "paso a paso", "modo de preparaci[óo]n", "informaci[óo]n nutricional", "valores nutricionales", "consejos?", "utensilios",
      "passo a passo", "modo de fazer", "informa[çc][ãa]o nutricional", "dicas?", "utens[íi]lios",
      "valori nutrizionali", "consigli", "utensili",
      "n[æa]ringsinnhold", "n[æa]ringsindhold", "n[äa]ringsv[äa]rde", "redskaber", "redskap", "utstyr",
    ].join("|") +
    ")" + END,
  "iu",
);

/** Visible ingredients found on the page. */
export interface VisibleIngredients {
  ingredients: string[];
  groups: IngredientGroup[];
  /** "plugin": inside a class/id "ingredient" container; "heading": after an Ingredients heading. */
  kind: "plugin" | "heading";
  /** Class of the container (plugin) for policy decisions. */
  containerClass: string;
}

/**
 * The text of a UI control at the end of a list item ("2 cups broccoli florets shopping list":
 * an "Add to shopping list" link inside every item), not part of the ingredient.
 */
const UI_TAIL = /\s+(?:\+\s*)?(?:add\s+to\s+(?:my\s+|your\s+|the\s+)?)?(?:shopping|grocery)\s+list$/i;

/**
 * The same control in the other languages ("Auf die Einkaufsliste", "Ajouter à la liste de
 * courses", "Op de boodschappenlijst", "Añadir a la lista de la compra", "Aggiungi alla lista
 * della spesa", "Legg i handlelisten", "Tilføj til indkøbslisten", "Lägg i inköpslistan").
 */
const UI_TAIL_OTHER = new RegExp(
  "\\s+(?:\\+\\s*)?(?:" +
    [
      "(?:(?:auf|zur|in) (?:die |meine )?)?einkaufsliste(?: hinzuf[üu]gen| setzen)?",
      "(?:ajouter (?:[àa] (?:la |ma )?)?)?liste de courses",
      "(?:(?:toevoegen aan|op) (?:de |je |mijn )?)?boodschappenlijst(?:je)?",
      "(?:a[ñn]adir a (?:la |mi )?)?lista de (?:la )?compra",
      "(?:adicionar (?:[àa] )?)?lista de compras",
      "(?:aggiungi (?:alla )?)?lista della spesa",
      "(?:legg (?:til )?i )?handlelisten?",
      "(?:(?:tilf[øo]j|l[æa]g) (?:til|p[åa]) )?indk[øo]bslisten?",
      "(?:l[äa]gg (?:till )?i )?ink[öo]pslistan?",
    ].join("|") +
    ")$",
  "iu",
);

/**
 * A whole line that is an interface control of a recipe card, not an ingredient: unit toggles
 * ("US Customary", "Metric"), servings widgets ("1x", "2x", "Servings: 4", "Scale"), card buttons
 * ("Print", "Jump to Recipe", "Cook Mode") and step labels ("Step 1").
 */
const UI_LINE =
  /^(?:us(?:\s+customary)?|metric|imperial|us\s*[/|]\s*metric|metric\s*[/|]\s*us|\d(?:[.,]\d+)?\s*[x×]|servings?\s*:?\s*\d[^a-z]*|scale|print(?:\s+recipe)?|pin(?:\s+recipe)?|save(?:\s+recipe)?|jump\s+to\s+recipe|rate\s+(?:this\s+)?recipe|cook\s+mode|keep\s+screen\s+awake|convert\s+units?|step\s+\d+:?)$/i;

/**
 * The card's buttons and servings widgets in the other languages: "Portionen: 4", "Personnes :
 * 4", "Porciones: 4", "Porzioni: 4", "Personen: 4", "Porsjoner: 4"; print, save and step labels
 * ("Drucken", "Imprimer", "Rezept speichern", "Schritt 1", "Étape 1", "Paso 1", "Stap 1").
 */
const UI_LINE_OTHER = new RegExp(
  "^(?:" +
    [
      "(?:portionen|personen|personnes|parts|portions|porciones|raciones|personas|por[çc][õo]es|porzioni|persone|porties|porsjoner|portioner|personer)\\s*:?\\s*\\d[^\\p{L}]*",
      "drucken|rezept drucken|imprimer(?: la recette)?|imprimir(?: receta| receita)?|stampa(?: ricetta)?|afdrukken|recept afdrukken|skriv ut|udskriv",
      "(?:rezept )?speichern|merken|enregistrer|sauvegarder|guardar|salvar|salva|opslaan|bewaren|lagre|gem|spara",
      "(?:schritt|[ée]tape|paso|passo|stap|steg|trin)\\s+\\d+:?",
    ].join("|") +
    ")$",
  "iu",
);

/**
 * Product information shown with a meal kit's ingredients ("Cuisse de canard Composition : 100%
 * viande de canard", "Romarin Traces possibles d'allergènes : Gluten, ..."): a label with a colon
 * after the product name. Not an ingredient line.
 */
const PRODUCT_INFO = /(?:composition|composizione|composición|zusammensetzung|samenstelling|allerg\p{L}*|conservation|aufbewahrung|mode d['’]emploi)\s*:/iu;

/**
 * An amount set apart from the name by a dash in the page's layout ("300g - dried chickpeas",
 * "3 tbsp - olive oil", "8 - garlic cloves"): a number, an optional unit, then " - " and a letter.
 * Only a unit, not any word: "1 onion - diced" is how the author wrote the note, and a range
 * "2 - 3 cups" is left alone.
 */
const AMOUNT_DASH = new RegExp(
  "^((?:\\d+(?:[.,/]\\d+)?|[¼½¾⅓⅔⅛⅜⅝⅞])(?:\\s*[¼½¾⅓⅔⅛⅜⅝⅞])?(?:\\s*(?:" +
    "g|gr|grams?|kg|mg|ml|cl|dl|l|litres?|liters?|oz|ounces?|lbs?|pounds?|tsps?|tbsps?|tbs|cups?|teaspoons?|tablespoons?|pinch(?:es)?|" +
    "el|tl|cs|cc|c\\.\\s?[àa]\\s?[sc]\\.|st|stk|pcs?|pieces?" +
    ")\\.?)?)\\s+[-–—]\\s+(?=\\p{L})",
  "iu",
);

/**
 * Cleans the lines of one visible list: drops a trailing UI control text and product
 * information lines; removes the dash between amount and name when the list is laid out that
 * way (at least half of its lines, two or more).
 */
function cleanVisibleLines(items: Array<{ heading: boolean; text: string }>): Array<{ heading: boolean; text: string }> {
  const out: Array<{ heading: boolean; text: string }> = [];
  for (const it of items) {
    if (it.heading) {
      out.push(it);
      continue;
    }
    const text = it.text.replace(UI_TAIL, "").replace(UI_TAIL_OTHER, "");
    if (!text || PRODUCT_INFO.test(text) || UI_LINE.test(text) || UI_LINE_OTHER.test(text)) continue;
    out.push(text === it.text ? it : { heading: false, text });
  }
  const lines = out.filter((it) => !it.heading);
  const dashed = lines.filter((it) => AMOUNT_DASH.test(it.text)).length;
  if (dashed >= 2 && dashed * 2 >= lines.length) {
    return out.map((it) => (it.heading ? it : { heading: false, text: it.text.replace(AMOUNT_DASH, "$1 ") }));
  }
  return out;
}

function toGroups(raw: Array<{ heading: boolean; text: string }>): { ingredients: string[]; groups: IngredientGroup[] } {
  const items = cleanVisibleLines(raw);
  const groups: IngredientGroup[] = [];
  const ingredients: string[] = [];
  let cur: IngredientGroup = { name: null, ingredients: [] };
  for (const it of items) {
    if (it.heading) {
      if (cur.ingredients.length) groups.push(cur);
      cur = { name: it.text.replace(/:$/, ""), ingredients: [] };
    } else {
      cur.ingredients.push(it.text);
      ingredients.push(it.text);
    }
  }
  if (cur.ingredients.length) groups.push(cur);
  return { ingredients, groups };
}

const HEADING_CLASS = /(?:^|[\s_-])(?:category|heading|header|title|group-name|subheading|section)(?:$|[\s_-])/;

/** A list item that is a group heading: "For the sauce:", a heading class, or a label over a nested list. */
function isHeadingItem(it: OutlineItem, text: string): boolean {
  if (/\d/.test(text) && !/:$/.test(text)) return false;
  if (isHeadingLine(text) || isLabelLine(text)) return true;
  if (text.length > 60) return false;
  return HEADING_CLASS.test(it.cls) || it.hasSublist;
}

/**
 * An item of a nested list: under a group label it is an ingredient of its own; under an
 * ingredient line it is a note that belongs to that line (as the item's whole text reads).
 */
function nested(seq: Array<{ heading: boolean; text: string }>, lastTop: { heading: boolean; text: string } | null, text: string): void {
  if (lastTop) lastTop.text = `${lastTop.text} ${text}`;
  else seq.push({ heading: false, text });
}

/** A class that hides the element (the other unit system of a metric/imperial toggle, ...). */
const HIDDEN_CLASS = /(?:^|\s)(?:hide|hidden|is-hidden|d-none|display-none|visually-hidden|sr-only|screen-reader-text)(?:\s|$)/;

/** Ingredient lines from a recipe plugin's ingredient container, or null. */
export function pluginIngredients(data: PageData): VisibleIngredients | null {
  const byContainer = new Map<number, OutlineItem[]>();
  for (const it of data.outline) {
    if (!it.container || HIDDEN_CLASS.test(it.cls)) continue;
    let list = byContainer.get(it.container);
    if (!list) byContainer.set(it.container, (list = []));
    list.push(it);
  }
  for (const [id, items] of byContainer) {
    // each item's text is cleaned once (cleanLine is cleanText)
    const texts = items.map((i) => (i.kind === "li" ? cleanText(i.text) : null));
    const lis = items.filter((i, k) => i.kind === "li" && texts[k]);
    if (lis.length < 2) continue;
    const cls = data.containers.get(id) ?? "";
    // navigation, tag clouds and "related ingredients" widgets are not the recipe
    if (/\b(?:nav|menu|tag|related|widget|sidebar|shop|product)/.test(cls) && !/recipe/.test(cls)) continue;
    const seq: Array<{ heading: boolean; text: string }> = [];
    let lastTop: { heading: boolean; text: string } | null = null;
    const minDepth = Math.min(...lis.map((l) => l.listDepth));
    for (let k = 0; k < items.length; k++) {
      const it = items[k];
      if (it === undefined) continue;
      const text = texts[k] ?? cleanLine(it.text);
      if (!text) continue;
      if (it.kind === "h") {
        if (STOP_HEADING.test(text)) break;
        if (INGREDIENT_HEADING.test(text) && text.length < 40) continue;
        seq.push({ heading: true, text });
      } else if (it.kind === "li") {
        if (it.listDepth > minDepth + 1) continue;
        if (it.listDepth > minDepth) {
          nested(seq, lastTop, text);
          continue;
        }
        if (isHeadingItem(it, text)) {
          seq.push({ heading: true, text: text.replace(/:$/, "") });
          lastTop = null;
        } else {
          lastTop = { heading: false, text };
          seq.push(lastTop);
        }
      }
    }
    if (/^(?:ul|ol) /.test(cls)) mergeSiblingLists(data, id, cls, seq);
    const g = toGroups(seq);
    if (g.ingredients.length >= 2) return { ...g, kind: "plugin", containerClass: cls };
  }
  return null;
}

/**
 * A recipe whose ingredient container is the list itself, one list per group with a heading
 * before each ("Protein" <ul class="ingredients">, "Spices" <ul class="ingredients">): adds
 * the later lists of the same class, each under the heading that precedes it. A list of the
 * same class with no heading between (another unit system) ends the merge.
 */
function mergeSiblingLists(data: PageData, first: number, cls: string, seq: Array<{ heading: boolean; text: string }>): void {
  const out = data.outline;
  let start = out.findIndex((it) => it.container === first);
  // the heading right before the first list names its group
  const before = out[start - 1];
  if (before && before.kind === "h" && !before.container) {
    const t = cleanText(before.text);
    if (t && t.length <= 60 && !INGREDIENT_HEADING.test(t) && !STOP_HEADING.test(t) && before.level > 1) seq.unshift({ heading: true, text: t });
  }
  while (start < out.length && out[start]?.container === first) start++;
  let heading: string | null = null;
  let current = first;
  let base = -1;
  let lastTop: { heading: boolean; text: string } | null = null;
  for (let i = start; i < out.length; i++) {
    const it = out[i];
    if (it === undefined) break;
    if (!it.container) {
      if (it.kind !== "h") continue;
      const t = cleanText(it.text);
      if (!t) continue;
      if (STOP_HEADING.test(t) || it.level <= 2) return;
      heading = t;
      continue;
    }
    if (it.container !== current) {
      if ((data.containers.get(it.container) ?? "") !== cls || heading === null) return;
      current = it.container;
      seq.push({ heading: true, text: heading });
      heading = null;
      base = -1;
      lastTop = null;
    }
    if (it.kind === "li") {
      const text = cleanLine(it.text);
      if (!text || HIDDEN_CLASS.test(it.cls)) continue;
      if (base < 0) base = it.listDepth;
      if (it.listDepth > base) {
        if (it.listDepth === base + 1) nested(seq, lastTop, text);
        continue;
      }
      const isHeading = isHeadingItem(it, text);
      lastTop = isHeading ? null : { heading: false, text };
      seq.push(lastTop ?? { heading: true, text });
    }
  }
}

function isProse(text: string): boolean {
  return text.length > 160 || /[.!?]\s+\S.*[.!?]$/.test(text) || (/[.!?]$/.test(text) && text.split(/\s+/).length > 8);
}

/** One "Ingredients" section of the outline, from the heading at `i` (its level `level`) to where it ends. */
function readSection(out: PageData["outline"], i: number, level: number): { seq: Array<{ heading: boolean; text: string }>; end: number } {
  const seq: Array<{ heading: boolean; text: string }> = [];
  let baseDepth = -1;
  let mode: "li" | "p" | null = null;
  let prose = 0;
  let sinceHeading = 0;
  let lastTop: { heading: boolean; text: string } | null = null;
  let j = i + 1;
  for (; j < out.length; j++) {
    const it = out[j];
    if (it === undefined) break;
    if (it.kind === "h") {
      const t = cleanText(it.text);
      if (!t) continue;
      if (STOP_HEADING.test(t)) break;
      if (INGREDIENT_HEADING.test(t)) {
        // "Zutaten für die Füllung" after "Zutaten für den Teig": the next group of the same list;
        // a bare "Ingredients" again is another recipe
        if (!GROUP_OF_INGREDIENTS.test(t) || t.length > 60) break;
        seq.push({ heading: true, text: t.replace(/:$/, "") });
        sinceHeading = 0;
        continue;
      }
      if (it.level <= level && it.level <= 6) break;
      seq.push({ heading: true, text: t });
      sinceHeading = 0;
      continue;
    }
    if (it.kind === "ul") {
      // a second list at the same level with no heading between: another unit system or a
      // shopping widget, not more ingredients
      if (mode === "li" && it.listDepth === baseDepth && sinceHeading > 0) break;
      continue;
    }
    if (it.kind === "p") {
      if (mode === "li") {
        // a paragraph after the list: the end of the section, unless it is a short group name
        const t = cleanText(it.text);
        if (!t) continue;
        if (t.length <= 40 && !/\d/.test(t) && !STOP_HEADING.test(t)) {
          seq.push({ heading: true, text: t.replace(/:$/, "") });
          sinceHeading = 0;
          continue;
        }
        break;
      }
      const lines = it.text.split("\n").map((l) => cleanLine(l)).filter(Boolean);
      if (!lines.length) continue;
      if (lines.some((l) => STOP_HEADING.test(l) && l.length < 40)) break;
      const only = lines.length === 1 ? (lines[0] ?? "") : "";
      if (only && only.length <= 60 && INGREDIENT_HEADING.test(only)) {
        // "Ingrédients pour la pâte" after the first part's lines: the next group; a bare label again is another recipe
        if (!GROUP_OF_INGREDIENTS.test(only)) break;
        seq.push({ heading: true, text: only.replace(/\s*:$/, "") });
        continue;
      }
      if (lines.some(isProse)) {
        // an ad or a note between the lines is skipped; two in a row end the section
        if (mode === "p" && ++prose >= 2) break;
        continue;
      }
      prose = 0;
      mode = "p";
      const bold = cleanText(it.bold ?? "");
      for (const l of lines) {
        const heading = lines.length === 1 && !/\d/.test(l) && (/:$/.test(l) || isLabelLine(l) || (bold !== "" && bold === l && l.length <= 40));
        if (heading && seq.length) seq.push({ heading: true, text: l.replace(/:$/, "") });
        else if (!heading) seq.push({ heading: false, text: l.replace(/^[-–•·*]\s*/, "") });
      }
      continue;
    }
    // list item
    if (mode === "p") break;
    mode = "li";
    if (baseDepth < 0) baseDepth = it.listDepth;
    if (it.listDepth < baseDepth) break;
    if (it.listDepth > baseDepth + 1) continue;
    const text = cleanLine(it.text);
    if (!text) continue;
    if (it.listDepth > baseDepth) {
      nested(seq, lastTop, text);
      continue;
    }
    if (isHeadingItem(it, text)) {
      seq.push({ heading: true, text: text.replace(/:$/, "") });
      sinceHeading = 0;
      lastTop = null;
    } else {
      lastTop = { heading: false, text };
      seq.push(lastTop);
      sinceHeading++;
    }
  }
  return { seq, end: j };
}

/**
 * The list after the first "Ingredients" heading (an h1-h6, or a short paragraph that says
 * only "Ingredients:"), or null. List items when the section has a list; otherwise its
 * paragraphs, one line per paragraph or <br>, a bold-only short paragraph being a group name.
 */
export function headingIngredients(data: PageData): VisibleIngredients | null {
  const out = data.singlePass ? data.outline : data.fallbackOutline;
  for (let i = 0; i < out.length; i++) {
    const h = out[i];
    if (h === undefined) continue;
    if (h.kind !== "h" && h.kind !== "p") continue;
    const title = cleanText(h.text);
    if (!title || title.length > 60 || !INGREDIENT_HEADING.test(title)) continue;
    if (h.kind === "p" && !/^\S+(?:\s+\S+){0,3}\s?:?$/.test(title) && !INGREDIENTS_FOR.test(title)) continue;
    const level = h.kind === "h" ? h.level : 7;
    const { seq, end } = readSection(out, i, level);
    // A recipe written in parts, each under its own "Ingredients for the starter", "Ingredients for the
    // dough" with the part's method steps between: the later parts are more groups of the same list.
    if (GROUP_OF_INGREDIENTS.test(title) && seq.length) {
      for (let k = end; k < out.length; k++) {
        const part = out[k];
        if (part === undefined || (part.kind !== "h" && part.kind !== "p")) continue;
        const t = cleanText(part.text);
        if (!t || t.length > 60 || !INGREDIENT_HEADING.test(t)) continue;
        // a bare "Ingredients" again is another recipe
        if (!GROUP_OF_INGREDIENTS.test(t)) break;
        const next = readSection(out, k, part.kind === "h" ? part.level : 7);
        if (!next.seq.some((x) => !x.heading)) break;
        seq.push({ heading: true, text: t.replace(/\s*:$/, "") }, ...next.seq);
        k = next.end - 1;
      }
    }
    const g = toGroups(seq);
    if (g.ingredients.length >= 1) return { ...g, kind: "heading", containerClass: "" };
  }
  return null;
}

/** The page's main heading (first h1), cleaned. */
export function mainHeading(data: PageData): string {
  for (const it of data.outline) if (it.kind === "h" && it.level === 1) {
    const t = cleanText(it.text);
    if (t) return t;
  }
  return "";
}

/** A line that starts with a bullet glyph. */
const BULLET_LINE = /^[•·▪●◦]\s*\S/;

const QTY_START = /^(?:[-–•·*]\s*)?(?:\d|[¼½¾⅓⅔⅛⅜⅝⅞])/;

/**
 * Last resort for a page with no structured data, no plugin markup and no "Ingredients"
 * heading: the first run of lists (one list, or lists separated only by headings, which become
 * groups) with at least three items of which at least 60% start with an amount.
 */
export function quantityListIngredients(data: PageData): VisibleIngredients | null {
  const out = data.singlePass ? data.outline : data.fallbackOutline;
  // split the outline into lists (top-level items of each <ul>/<ol>) and headings
  type Block = { kind: "h"; text: string } | { kind: "list"; items: string[]; bullets?: boolean } | { kind: "other" };
  const blocks: Block[] = [];
  let list: { depth: number; items: string[] } | null = null;
  for (const it of out) {
    if (it.kind === "ul") {
      if (!list || it.listDepth <= list.depth) {
        list = { depth: it.listDepth, items: [] };
        blocks.push({ kind: "list", items: list.items });
      }
      continue;
    }
    if (it.kind === "li") {
      if (list && it.listDepth === list.depth) {
        const t = cleanLine(it.text);
        if (t) list.items.push(t);
      }
      continue;
    }
    list = null;
    if (it.kind === "h") {
      const t = cleanText(it.text);
      if (t) blocks.push({ kind: "h", text: t });
    } else if (it.kind === "p") {
      // a paragraph of <br>-separated lines ("• 15 g Parmesan<br>• 1 egg") reads like a list
      const raw = it.text.split("\n").map((l) => collapseWhitespace(decodeEntities(stripTags(l)))).filter(Boolean);
      const lines = raw.map((l) => cleanLine(l).replace(/^[-–•·*]\s*/, "")).filter(Boolean);
      const bullets = raw.length > 0 && raw.every((l) => BULLET_LINE.test(l));
      if (lines.length >= 3) blocks.push({ kind: "list", items: lines, bullets });
      else if (bullets) blocks.push({ kind: "list", items: lines, bullets });
      else if (raw.length) blocks.push({ kind: "other" });
    } else if (cleanText(it.text)) blocks.push({ kind: "other" });
  }
  const ingredientLike = (items: string[]) =>
    items.length > 0 &&
    items.every((t) => t.length <= 200) &&
    // "1. Bondi", "2) Manly" are numbered entries, not amounts
    items.filter((t) => QTY_START.test(t) && !/^\d+[.)]\s/.test(t)).length >= items.length * 0.6;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b === undefined) continue;
    if (b.kind !== "list" || !ingredientLike(b.items)) continue;
    const seq: Array<{ heading: boolean; text: string }> = b.items.map((text) => ({ heading: false, text }));
    if (b.bullets) {
      // bulleted lines between the steps ("• 2 eggs", a step, "• 1 tbsp butter", a step) are one
      // list: every later all-bulleted paragraph up to the next heading
      for (let j = i + 1; j < blocks.length; j++) {
        const n = blocks[j];
        if (n === undefined) break;
        if (n.kind === "h") break;
        if (n.kind === "list" && n.bullets) seq.push(...n.items.map((text) => ({ heading: false, text })));
      }
    }
    // following lists under their own headings belong to the same recipe
    for (let j = i + 1; j + 1 < blocks.length; j += 2) {
      const h = blocks[j];
      if (h === undefined) break;
      const next = blocks[j + 1];
      if (next === undefined) break;
      if (h.kind !== "h" || next.kind !== "list" || !ingredientLike(next.items) || STOP_HEADING.test(h.text)) break;
      seq.push({ heading: true, text: h.text }, ...next.items.map((text) => ({ heading: false, text })));
    }
    // and a heading right before the first list names its group
    const before = blocks[i - 1];
    if (before && before.kind === "h" && seq.some((x) => x.heading) && !INGREDIENT_HEADING.test(before.text)) seq.unshift({ heading: true, text: before.text });
    const g = toGroups(seq);
    if (g.ingredients.length >= 3) return { ...g, kind: "heading", containerClass: "" };
  }
  return null;
}
