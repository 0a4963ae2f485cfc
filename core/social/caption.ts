/**
 * The caption reader: one set of rules for every network's post text (Instagram, TikTok,
 * YouTube, Pinterest, Facebook). A caption -> its title, its ingredient lines and, when it
 * links to one, the recipe page it points at. Rules in docs/decisions/0009-extraction.md.
 */
import { parseIngredient } from "../ingredient/parse.ts";

/** What a caption holds. */
export interface CaptionReading {
  /** First sentence or line without emoji, hashtags and "recipe below" phrases; null when none. */
  title: string | null;
  /** The ingredient lines, bullets and numbering removed; [] when the caption holds no list. */
  ingredients: string[];
  /** An http(s) address the caption points at for the recipe ("full recipe on my blog: ..."). */
  recipeUrl: string | null;
  /** The caption as plain text (network wrapper removed), for prefilling a manual entry. */
  text: string;
}

// Emoji and their joiners/selectors/skin tones, keycaps and regional flags.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: joiners and selectors are matched one code point at a time on purpose
const EMOJI = /(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}\u200d\ufe0e\ufe0f\u20e3])/gu;
/** Text, then emoji, then a capitalised word: the emoji ends the first sentence. */
const EMOJI_BREAK = new RegExp(`^(.*?\\p{L}.*?)\\s*(?:${EMOJI.source})+\\s+(?=\\p{Lu}\\p{Ll})`, "u");
const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;
const MENTION = /(^|\s)@[\w.]+/g;
const URL_RE = /\bhttps?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/gi;
const HAS_URL = new RegExp(URL_RE.source, "i");

/** Words that open the ingredient block, in the common languages. */
const INGREDIENT_HEADING =
  /^(?:the\s+|die\s+|les\s+|los\s+|gli\s+|de\s+)?(?:ingredients?|ingredient\s+list|zutaten|zutatenliste|ingr[ée]dients?|ingredientes|ingredi[eë]nten|ingredienti|ingredienser|ingrediensek|ingredientai|składniki|sk[łl]adniki|malzemeler|ainekset|what\s+you(?:'|’)?ll\s+need|what\s+you\s+need|you(?:'|’)?ll\s+need|you\s+will\s+need|shopping\s+list|du\s+brauchst|ihr\s+braucht|das\s+brauchst\s+du|il\s+vous\s+faut|liste\s+des\s+courses|necesitas|lo\s+que\s+necesitas|ti\s+serve|occorrente|benodigdheden|wat\s+heb\s+je\s+nodig|je\s+hebt\s+nodig)\b/i;

/** Words that open the method (the end of the ingredient block). */
const METHOD_HEADING =
  /^(?:the\s+)?(?:method|instructions?|directions?|steps?|how\s+to(?:\s+make(?:\s+it)?)?|preparation|prep|to\s+make|recipe\s+steps|zubereitung|anleitung|so\s+geht(?:'|’)?s|schritte|pr[ée]paration|instructions|[ée]tapes|recette\s*:|pr[ée]parer|preparaci[oó]n|elaboraci[oó]n|pasos|modo\s+de\s+preparaci[oó]n|procedimiento|preparazione|procedimento|bereiding(?:swijze)?|werkwijze|stappen|zo\s+maak\s+je\s+het)\b/i;

/** "Recipe below" and its kin, in the common languages (dropped from titles). */
const RECIPE_BELOW =
  /\b(?:(?:the|la|le|das|el|il|de|het)\s+)?(?:(?:full\s+|easy\s+)?recipe\s+(?:below|in\s+(?:the\s+)?(?:caption|comments?|description)|down\s+below|👇)|(?:das\s+)?rezept\s+(?:unten|im\s+(?:text|kommentar|post))|recette\s+(?:ci-dessous|en\s+dessous|en\s+description|dans\s+la\s+description|plus\s+bas)|receta\s+(?:abajo|debajo|en\s+la\s+descripci[oó]n|aqu[ií]\s+abajo)|ricetta\s+(?:qui\s+sotto|sotto|in\s+descrizione|nella\s+descrizione)|recept\s+(?:hieronder|onder\s+de\s+post|in\s+de\s+beschrijving)|save\s+(?:this|for\s+later)(?:\s+recipe)?|(?:speichern|merken)\s+nicht\s+vergessen)\b[^\p{L}\p{N}]*/giu;

/** "Recipe:" / "Rezept:" / "Recette :" before a title. */
const RECIPE_PREFIX = /^(?:recipe|rezept|recette|receta|ricetta|recept|rezeptidee)\s*[:：\-–—|]\s*/i;

/** Lines that say where the recipe is instead of holding it. */
const ELSEWHERE =
  /\b(?:link\s+in\s+(?:my\s+)?bio|full\s+recipe|recipe\s+(?:on|at|is\s+on|is\s+up\s+on)\s|rezept\s+(?:auf|im|findet)|link\s+in\s+der\s+bio|recette\s+(?:compl[èe]te|sur|dans)|lien\s+dans\s+(?:la\s+)?bio|receta\s+(?:completa|en)|enlace\s+en\s+(?:la\s+)?bio|ricetta\s+(?:completa|sul|nel)|link\s+in\s+bio|volledige\s+recept|recept\s+(?:op|staat\s+op))\b/i;

/** Link hubs and shops: never the recipe page. */
const NOT_RECIPE_HOST =
  /(^|\.)(?:linktr\.ee|linkin\.bio|beacons\.ai|lnk\.bio|bio\.link|amzn\.to|amazon\.[a-z.]+|instagram\.com|tiktok\.com|facebook\.com|fb\.watch|pinterest\.[a-z.]+|pin\.it|twitter\.com|x\.com|threads\.net|youtube\.com|youtu\.be|spotify\.com|patreon\.com)$/i;

/** Preparation words that follow an ingredient after a comma ("50g parmesan, grated"). */
const PREP_WORD =
  /^(?:finely\s+|roughly\s+|thinly\s+|freshly\s+|fein\s+|grob\s+|frisch\s+|finement\s+|fresco\s+|finemente\s+|fijo\s+|fijn\s+)?(?:diced|chopped|grated|minced|sliced|crushed|peeled|melted|softened|cubed|halved|drained|rinsed|beaten|shredded|zested|juiced|to\s+taste|optional|at\s+room\s+temperature|gehackt|gerieben|gewürfelt|geschnitten|geschmolzen|zerdrückt|nach\s+geschmack|optional|râpée?s?|hach[ée]e?s?|émincée?s?|coupée?s?|fondue?|en\s+dés|selon\s+(?:le\s+)?goût|facultatif|picad[oa]s?|rallad[oa]s?|cortad[oa]s?|en\s+cubos|derretid[oa]|al\s+gusto|opcional|tritat[oaie]|grattugiat[oaie]|tagliat[oaie]|a\s+cubetti|fus[oa]|q\.?b\.?|facoltativo|gehakt|geraspt|gesneden|in\s+blokjes|gesmolten|naar\s+smaak|optioneel)$/i;

const BULLET = /^(?:[-–—•·*▪●◦○■□▫◾◽✔✓✅☑☐▢➡→➤►▶>+~]|\d{1,2}\s*[.)]\s+|\(\d{1,2}\)\s*|[①-⑳])\s*/u;
const QTY =
  /^(?:\d|[¼½¾⅓⅔⅛⅜⅝⅞⅕⅖⅗⅘⅙⅚]|(?:a|an|one|two|three|four|half|ein(?:e|en)?|zwei|drei|une?|deux|trois|uno|una|dos|tres|due|tre|een|twee|drie)\s)/i;

/** Common first words of a step, in the five languages (imperative or infinitive). */
const STEP_VERB =
  /^(?:preheat|heat|boil|cook|bake|fry|mix|stir|whisk|add|combine|place|put|pour|serve|cut|chop|slice|season|blend|bring|simmer|roast|grill|melt|spread|toss|fold|remove|drain|transfer|let|top|garnish|sprinkle|start|in\s+a|meanwhile|then|once|when|vorheizen|backofen|ofen|kochen|koche|braten|brate|backen|backe|mischen|vermischen|verrühren|rühren|geben|gib|hinzufügen|schneiden|schneide|erhitzen|erhitze|servieren|in\s+einer|in\s+einem|dann|zuerst|préchauffer|préchauffez|faire|faites|mélanger|mélangez|ajouter|ajoutez|cuire|cuisez|verser|versez|couper|coupez|servir|servez|dans\s+une?|ensuite|puis|precalienta|precalentar|calienta|calentar|cocina|cocinar|hornea|hornear|mezcla|mezclar|añade|añadir|agrega|agregar|corta|cortar|sirve|servir|en\s+una?|luego|después|preriscalda|cuoci|cuocere|mescola|mescolare|aggiungi|aggiungere|versa|versare|taglia|tagliare|servi|servire|in\s+una?|poi|verwarm|kook|bak|meng|roer|voeg|snijd|schenk|serveer|doe|in\s+een|daarna|dan)\b/i;

const step = (line: string) => {
  const s = plain(line).replace(BULLET, "");
  const words = s.split(/\s+/).length;
  if (QTY.test(s)) return false;
  if (STEP_VERB.test(s) && words >= 3) return true;
  // a sentence: several words and sentence punctuation ("In der Pfanne goldbraun ausbacken.")
  return (
    words >= 5 && /[.!]$/.test(s) && !/\b(?:to\s+taste|nach\s+geschmack|selon\s+(?:le\s+)?goût|al\s+gusto|q\.b\.|naar\s+smaak)/i.test(s)
  );
};

/** Plain text with emoji, hashtags and mentions removed and spaces collapsed. */
function plain(s: string): string {
  return s
    .replace(EMOJI, " ")
    .replace(HASHTAG, "$1")
    .replace(MENTION, "$1")
    .replace(/[ \t\u00a0]+/g, " ")
    .trim();
}

/** Removes emoji only (hashtag words inside a line stay readable). */
function noEmoji(s: string): string {
  return s
    .replace(EMOJI, " ")
    .replace(/[ \t\u00a0]+/g, " ")
    .trim();
}

/** A line that holds nothing but hashtags, mentions, emoji and punctuation. */
function decorationOnly(line: string): boolean {
  const rest = line
    .replace(EMOJI, "")
    .replace(/(^|\s)[#@][\p{L}\p{N}_.]+/gu, " ")
    .replace(/[^\p{L}\p{N}]+/gu, "");
  return rest === "";
}

const hashtagLine = (line: string) => /(?:^|\s)#[\p{L}\p{N}_]+/u.test(line) && decorationOnly(line);

/** The caption as lines: literal "\n" sequences (from embedded JSON) read as line breaks. */
export function captionLines(caption: string): string[] {
  return caption
    .replace(/\\n/g, "\n")
    .replace(/\r\n?/g, "\n")
    .replace(/[\u2028\u2029]/g, "\n")
    .split("\n")
    .flatMap((l) => {
      const line = l.replace(/[ \t\u00a0]+/g, " ").trim();
      // a heading inside a one-paragraph caption starts a line of its own ("Guacamole 🥑 Ingredientes: 2 ...")
      const parts = line.split(MID_HEADING);
      // two or more inline bullets: one item per line ("1 cucumber • 4 tomatoes • 200g feta")
      return parts.flatMap((p) => ((p.match(/\s[•▪]\s/g) ?? []).length >= 2 ? p.split(/\s+[•▪]\s+/) : [p])).map((p) => p.trim());
    });
}

/** An ingredient or method heading with a colon inside a line (split before it). */
const MID_HEADING =
  /\s+(?=(?:ingredients?|zutaten|ingr[ée]dients?|ingredientes|ingredi[eë]nten|ingredienti|method|instructions|directions|zubereitung|pr[ée]paration|preparaci[oó]n|elaboraci[oó]n|preparazione|procedimento|bereiding)\s*[:：])/iu;

/** A short line whose text is one of the ingredient headings ("Ingredients:", "Zutaten (für 4):"). */
function headingRest(line: string, re: RegExp): string | null {
  const s = plain(line)
    .replace(BULLET, "")
    .replace(/^[*_~]+|[*_~]+$/g, "")
    .trim();
  const m = re.exec(s);
  if (!m) return null;
  let rest = s.slice(m[0].length);
  // qualifiers: "(for 4)", "für 4 Personen", "pour 4 personnes" up to the colon
  const colon = rest.search(/[:：]/);
  if (colon >= 0) {
    if (colon > 40) return null;
    return rest.slice(colon + 1).trim();
  }
  rest = rest.trim();
  // no colon: only a short qualifier may follow ("Ingredients (serves 2)")
  if (rest === "" || /^[(\[].{0,40}[)\]]$/.test(rest) || /^(?:for|für|pour|para|per|voor)\s.{0,30}$/i.test(rest)) return "";
  return null;
}

/** A group name inside the block ("For the sauce:", "Für die Soße:", "Pour la pâte :"). */
function groupName(line: string): boolean {
  const s = plain(line).replace(BULLET, "");
  if (!/[:：]$/.test(s) || s.length > 40) return false;
  return /^(?:for|für|pour|para|per|voor)\s/i.test(s) || !QTY.test(s);
}

/** True when a line reads as an ingredient with an amount (judged by the ingredient parser). */
function hasAmount(line: string): boolean {
  let known = AMOUNT_CACHE.get(line);
  if (known === undefined) {
    known = parsesWithAmount(line);
    // a small bounded memo: a caption's lines are asked about several times (sources repeat the caption)
    if (AMOUNT_CACHE.size > 2000) AMOUNT_CACHE.clear();
    AMOUNT_CACHE.set(line, known);
  }
  return known;
}
const AMOUNT_CACHE = new Map<string, boolean>();

function parsesWithAmount(line: string): boolean {
  const s = line.replace(BULLET, "");
  if (!QTY.test(s)) return false;
  if (
    /^\d+\s*(?:min|minutes?|mins?|hours?|hrs?|h|°|degrees|servings?|people|persons?|personen|personnes|porciones|persone|stunden?|minuten)\b/i.test(
      s,
    )
  )
    return false;
  const p = parseIngredient(s);
  return p.amounts.length > 0 && p.name !== null;
}

/** A short name-like line ("Black pepper", "salt to taste", "Sel, poivre"). */
function nameLike(line: string): boolean {
  const s = plain(line).replace(BULLET, "");
  if (!s || s.length > 60 || /[.!?]$/.test(s) || /^https?:/i.test(s)) return false;
  if (s.split(/\s+/).length > 6) return false;
  if (step(s) || hashtagLine(line)) return false;
  return /\p{L}/u.test(s);
}

/** Ingredient-like: an amount line, or (with `loose`) a short name-like line. */
function ingredientLike(line: string, loose: boolean): boolean {
  if (!line || hashtagLine(line) || step(line)) return false;
  if (hasAmount(line)) return !/[.!?]\s+\S.*[.!?]$/.test(line);
  return loose && nameLike(line);
}

/** Splits one block line into ingredient lines ("200g spaghetti, 1 lemon, black pepper"). */
function splitInline(line: string): string[] {
  let s = noEmoji(line).replace(HASHTAG, "$1").trim();
  s = s.replace(BULLET, "").trim();
  if (!s) return [];
  // bullets inside the line ("200g pasta • 1 lemon • salt")
  const parts = s
    .split(/\s+[•·▪|]\s+|\s+[-–—]\s+(?=\d)|;\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const pieces = part.split(/,\s+/);
    const withAmount = pieces.filter((p) => QTY.test(p)).length;
    if (pieces.length < 2 || withAmount < 2) {
      out.push(part);
      continue;
    }
    // several amounts on one line: a piece without one is the previous line's preparation
    // ("parmesan, grated") or an ingredient of its own ("black pepper")
    const lines: string[] = [];
    for (const piece of pieces) {
      const prev = lines.length ? lines[lines.length - 1] : null;
      if (prev !== null && !QTY.test(piece) && (PREP_WORD.test(piece) || parseIngredient(piece).name === null))
        lines[lines.length - 1] = `${prev}, ${piece}`;
      else lines.push(piece);
    }
    out.push(...lines);
  }
  return out
    .map((l) =>
      l
        .replace(/[\s,;:]+$/, "")
        .replace(/^\s*[-–—]\s*/, "")
        .trim(),
    )
    .filter((l) => /\p{L}/u.test(l));
}

/** The ingredient block after a heading, from line `start` on (the heading's own rest first). */
function blockAfterHeading(lines: string[], start: number, rest: string): string[] {
  const out: string[] = [];
  // an inline list ends with its sentence ("... cilantro, sal. Machaca los aguacates ...")
  if (rest) out.push(...splitInline((rest.split(/[.!]\s+(?=\p{Lu}|#)/u)[0] ?? "").replace(/(?<!\b\p{L})\.$/u, "")));
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    if (!line) {
      // a blank line ends the block unless an ingredient or a group name comes next
      let j = i + 1;
      while (j < lines.length && !lines[j]) j++;
      const next = lines[j];
      if (next === undefined || !(groupName(next) || ingredientLike(next, false))) break;
      continue;
    }
    if (headingRest(line, METHOD_HEADING) !== null || headingRest(line, INGREDIENT_HEADING) !== null) break;
    if (hashtagLine(line) || step(line) || HAS_URL.test(line) || ELSEWHERE.test(line)) break;
    if (decorationOnly(line)) continue;
    if (groupName(line)) continue;
    out.push(...splitInline(line));
  }
  return out;
}

/** Without a heading: the longest run of lines that read as ingredients (two with amounts at least). */
function blockWithoutHeading(lines: string[]): string[] {
  let best: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!ingredientLike(lines[i] ?? "", false)) continue;
    const run: string[] = [];
    let amounts = 0;
    let j = i;
    for (; j < lines.length; j++) {
      const line = lines[j];
      if (!line) break;
      if (ingredientLike(line, false)) amounts++;
      else if (!ingredientLike(line, true)) break;
      run.push(line);
    }
    if (amounts >= 2 && run.length > best.length) best = run;
    i = j;
  }
  return best.flatMap(splitInline);
}

/** The caption's title: its first sentence or line without decorations; null when none. */
export function captionTitle(caption: string): string | null {
  for (const raw of captionLines(caption)) {
    if (!raw || decorationOnly(raw)) continue;
    if (headingRest(raw, INGREDIENT_HEADING) !== null || headingRest(raw, METHOD_HEADING) !== null) return null;
    if (hasAmount(raw)) return null;
    const t = cleanTitle(raw);
    if (t) return t;
  }
  return null;
}

/** A title without emoji, hashtags, "recipe below" phrases, quotes and trailing separators. */
export function cleanTitle(raw: string): string {
  // an emoji before a capitalised word ends a sentence ("Stroopwafeltaart 😍 Makkelijker dan je denkt!")
  const emojiBreak = EMOJI_BREAK.exec(raw);
  let t = plain((emojiBreak?.[1] ?? raw).replace(URL_RE, " "))
    .replace(RECIPE_BELOW, " ")
    .replace(RECIPE_PREFIX, "");
  // the first sentence ("Easy lemon pasta. Ready in 15 minutes!" -> "Easy lemon pasta")
  const sentence = /^(.{3,}?[^\s.!?])([.!?])\s+\p{Lu}/u.exec(t);
  if (sentence?.[1] && sentence[2]) t = sentence[1] + (sentence[2] === "." ? "" : sentence[2]);
  t = t
    .replace(/\s+/g, " ")
    .replace(/^["“”„'«»\s]+|["“”„'«»\s]+$/g, "")
    .replace(/[\s:：|,;\-–—/]+$/, "")
    .replace(/^[\s:：|,;\-–—/]+/, "")
    .replace(/\s+([!?])$/, "$1")
    .replace(/\s*\(\s*\)/g, "")
    .trim();
  if (t.length > 120) t = t.slice(0, 120).replace(/\s+\S*$/, "");
  return /\p{L}/u.test(t) ? t : "";
}

/** The recipe page a caption points at: a link on a line that mentions the recipe, else the only link. */
export function captionRecipeUrl(caption: string): string | null {
  const candidates: Array<{ url: string; recipeLine: boolean }> = [];
  const lines = captionLines(caption);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === undefined) continue;
    for (const m of line.matchAll(URL_RE)) {
      let host = "";
      try {
        host = new URL(m[0]).hostname;
      } catch {
        continue;
      }
      if (NOT_RECIPE_HOST.test(host)) continue;
      // the link's own line or the line before it names the recipe ("Full recipe 👇\nhttps://...")
      const around = `${lines[i - 1] ?? ""} ${line}`;
      candidates.push({
        url: m[0],
        recipeLine: ELSEWHERE.test(around) || /\b(?:recipe|rezept|recette|receta|ricetta|recept|blog)\b/i.test(around),
      });
    }
  }
  const named = candidates.find((c) => c.recipeLine);
  if (named) return named.url;
  const distinct = new Set(candidates.map((c) => c.url));
  return distinct.size === 1 ? (candidates[0]?.url ?? null) : null;
}

/** Reads a caption: title, ingredient lines, linked recipe page. */
export function readCaption(caption: string): CaptionReading {
  const lines = captionLines(caption);
  let ingredients: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const rest = line ? headingRest(line, INGREDIENT_HEADING) : null;
    if (rest === null) continue;
    const block = blockAfterHeading(lines, i + 1, rest);
    if (block.length > ingredients.length) ingredients = block;
  }
  if (ingredients.length < 2) {
    const found = blockWithoutHeading(lines);
    if (found.length > ingredients.length) ingredients = found;
  }
  if (ingredients.length < 2) ingredients = [];
  const text = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { title: captionTitle(caption), ingredients, recipeUrl: captionRecipeUrl(caption), text };
}
