/**
 * The language a recipe is written in, for the line parser: the page's declaration (the Recipe's
 * JSON-LD inLanguage, <html lang>, og:locale, a content-language meta), normalised to a BCP 47 tag,
 * checked against the recipe's own text. Pages often declare their theme's default ("en-US" on a
 * German blog): when the title, lines and steps clearly read as another language, the text wins.
 * The words below are each language's commonest function words and kitchen words (articles,
 * prepositions, conjunctions, unit words), from the languages' grammars, not from any data set.
 */

/** Two-letter codes that pages write for a country instead of its language ("se" for Swedish). */
const COUNTRY_AS_LANGUAGE: Record<string, string> = {
  se: "sv",
  dk: "da",
  cz: "cs",
  jp: "ja",
  gr: "el",
  cn: "zh",
  kr: "ko",
  ua: "uk",
  no: "nb",
};

/**
 * A language tag as pages write it ("de_DE", "pt-br", "en-US,en;q=0.9", " FR ") as a BCP 47 tag
 * with a lower-case language and upper-case region ("de-DE", "pt-BR", "fr"); "no" (Norwegian)
 * becomes "nb" (Bokmål, what nearly all Norwegian pages are written in). Null for anything that
 * is not a language tag ("x-default", "*", "").
 */
export function normaliseLanguageTag(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const first = raw.split(/[,;]/)[0]?.trim().replace(/_/g, "-") ?? "";
  const m = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?(?:-.*)?$/i.exec(first);
  if (!m) return null;
  const lang = (m[1] ?? "").toLowerCase();
  const code = COUNTRY_AS_LANGUAGE[lang] ?? lang;
  if (code === "und" || code === "mul" || code === "zxx") return null;
  const script = m[2] ? (m[2][0] ?? "").toUpperCase() + m[2].slice(1).toLowerCase() : "";
  const region = m[3] ? m[3].toUpperCase() : "";
  return [code, script, region].filter(Boolean).join("-");
}

/** The language part of a tag ("pt-BR" -> "pt"), or null. */
export function primaryLanguage(tag: string | null | undefined): string | null {
  const t = normaliseLanguageTag(tag);
  return t ? (t.split("-")[0] ?? null) : null;
}

/** Function and kitchen words per language (lower case). A word may belong to several. */
const WORDS: Record<string, readonly string[]> = {
  en: "the and with of to into until for from or on over about each your then it is add cup cups minutes chopped sliced minced large small tablespoon tablespoons teaspoon teaspoons pinch".split(
    " ",
  ),
  de: "und der die das den dem des mit ein eine einen einem zu zum zur auf für bis von vom im oder ist nicht etwas dann minuten noch aus bei nach über sowie gehackt frisch prise esslöffel teelöffel el tl stück".split(
    " ",
  ),
  fr: "le la les et des du un une à au aux dans avec pour puis sur cuillère cuillères soupe café haché hachée pincée gousse gousses jusqu ajouter faire est votre sel poivre".split(
    " ",
  ),
  nl: "het een en met van op voor tot aan je minuten dan er ook zijn wordt deze bij naar uit snufje eetlepel eetlepels theelepel teentje teentjes zout peper".split(
    " ",
  ),
  it: "il lo gli di e con per del della dello dei degli delle al alla allo ai nel nella poi minuti che un una uno cucchiaio cucchiai cucchiaino spicchio spicchi tritato sale pepe".split(
    " ",
  ),
  es: "el los las y con para del al por hasta minutos que un una uno cucharada cucharadas cucharadita pizca diente dientes picado picada sal pimienta se".split(
    " ",
  ),
  pt: "o os as e com em um uma para do da dos das no na nos nas até minutos que colher colheres chá xícara xícaras dente dentes picado picada ao à é sal pimenta".split(
    " ",
  ),
  sv: "och med på till av att det som för minuter eller inte en ett msk tsk krm efter tills hackad peppar".split(" "),
  da: "og med på til af at det som for minutter eller ikke en et spsk tsk efter hakket fra ca peber".split(" "),
  nb: "og med på til av at det som for minutter eller ikke en et ss ts etter hakket fra ca".split(" "),
  // languages the parser has no rules for, so that their texts are not read as one of the above
  pl: "na do się oraz lub od po ze łyżka łyżki łyżeczka szczypta sól pieprz minut".split(" "),
  cs: "na do se je ze nebo lžíce lžička sůl pepř minut až pak".split(" "),
  sk: "na do sa je zo alebo lyžica lyžička soľ korenie minút až potom".split(" "),
  hr: "na do se je za od ili žlica žličica sol papar minuta zatim".split(" "),
  sl: "in na do se je za od ali žlica žlička sol poper minut".split(" "),
  hu: "és az egy meg vagy hogy nem evőkanál teáskanál só bors perc percig".split(" "),
  ro: "și cu în pe sau este lingură linguriță linguri sare piper până apoi".split(" "),
  tr: "ve bir ile için veya kaşığı tatlı yemek tuz biber dakika".split(" "),
  fi: "ja tai on ei rkl suolaa pippuria minuuttia kunnes".split(" "),
};

const LANGUAGE_OF_WORD = new Map<string, string[]>();
for (const [lang, words] of Object.entries(WORDS))
  for (const w of words) {
    const list = LANGUAGE_OF_WORD.get(w) ?? [];
    if (!list.includes(lang)) list.push(lang);
    LANGUAGE_OF_WORD.set(w, list);
  }

/** Languages whose script alone names them (when the text is mostly in that script). */
const SCRIPTS: Array<[RegExp, string | null]> = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/gu, "ja"],
  [/\p{Script=Hangul}/gu, "ko"],
  [/\p{Script=Han}/gu, "zh"],
  [/\p{Script=Greek}/gu, "el"],
  [/\p{Script=Hebrew}/gu, "he"],
  [/\p{Script=Thai}/gu, "th"],
  // several languages share these: the script tells only that the text is not in a Latin-script language
  [/\p{Script=Cyrillic}/gu, null],
  [/\p{Script=Arabic}/gu, null],
  [/\p{Script=Devanagari}/gu, null],
];

/** A letter in none of the Latin scripts. */
const NON_LATIN_LETTER = /(?!\p{Script=Latin})\p{L}/gu;

/** What the text says about its language: a Latin-script vote, or a script of its own. */
export interface TextLanguage {
  /** The language the text reads as, or null when it does not say clearly. */
  language: string | null;
  /** The text is mostly in a script other than Latin (then `language` is only set when the script names one). */
  nonLatin: boolean;
  /** Function-word hits per language (Latin-script text). */
  scores: Record<string, number>;
}

/** Reads the language of a recipe's text (title, lines, steps) from its words and script. */
export function textLanguage(texts: readonly string[]): TextLanguage {
  const text = texts.join("\n").slice(0, 4000).toLowerCase();
  // most recipes are all Latin letters: count the other scripts only when there are any
  const other = (text.match(NON_LATIN_LETTER) ?? []).length;
  const latin = other ? (text.match(/\p{Script=Latin}/gu) ?? []).length : 1;
  let best: { n: number; lang: string | null } = { n: 0, lang: null };
  let kana = 0;
  let han = 0;
  if (other)
    for (const [re, lang] of SCRIPTS) {
      const n = (text.match(re) ?? []).length;
      if (lang === "ja") kana = n;
      if (lang === "zh") han = n;
      if (n > best.n) best = { n, lang };
    }
  if (best.n > latin) {
    // Japanese mixes kana and kanji: any real share of kana makes Han text Japanese
    const language = best.lang === "zh" && kana * 10 >= han ? "ja" : best.lang;
    return { language, nonLatin: true, scores: {} };
  }
  const scores: Record<string, number> = {};
  const distinct: Record<string, Set<string>> = {};
  for (const w of text.match(/\p{L}+/gu) ?? []) {
    const langs = LANGUAGE_OF_WORD.get(w);
    if (!langs) continue;
    for (const l of langs) {
      scores[l] = (scores[l] ?? 0) + 1;
      (distinct[l] ??= new Set()).add(w);
    }
  }
  const ranked = Object.entries(scores).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  // clear: at least 4 different words of the language, and half again as many hits as the next one
  const clear = first && (distinct[first[0]]?.size ?? 0) >= 4 && first[1] >= 1.5 * (second?.[1] ?? 0);
  return { language: clear && first ? first[0] : null, nonLatin: false, scores };
}

const LATIN_SCRIPT = new Set([
  "en",
  "de",
  "fr",
  "nl",
  "it",
  "es",
  "pt",
  "sv",
  "da",
  "nb",
  "nn",
  "pl",
  "cs",
  "sk",
  "hu",
  "hr",
  "sl",
  "ro",
  "tr",
  "fi",
  "et",
  "lv",
  "lt",
  "is",
  "ga",
  "cy",
  "ca",
  "eu",
  "gl",
  "id",
  "ms",
  "vi",
  "sq",
  "bs",
]);

/**
 * The recipe's language: the first declared tag that is a language (in the order given: the
 * Recipe's inLanguage, <html lang>, og:locale, ...), unless the text contradicts it: a declared
 * language among those the text vote knows whose words are fewer than half the winner's, or a
 * Latin-script language for a text in another script. With no declaration, a clear reading of
 * the text. Null when nothing says.
 */
export function recipeLanguage(declared: ReadonlyArray<string | null | undefined>, texts: readonly string[]): string | null {
  let tag: string | null = null;
  for (const d of declared) {
    tag = normaliseLanguageTag(d);
    if (tag) break;
  }
  const read = textLanguage(texts);
  const lang = tag ? (tag.split("-")[0] ?? "") : "";
  if (!tag) return read.language;
  if (read.nonLatin) {
    if (!LATIN_SCRIPT.has(lang)) return tag;
    return read.language;
  }
  if (!read.language || read.language === lang || !(lang in WORDS)) return tag;
  const own = read.scores[lang] ?? 0;
  const other = read.scores[read.language] ?? 0;
  return own * 2 < other ? read.language : tag;
}
