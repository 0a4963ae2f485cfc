/**
 * Social posts (Instagram, TikTok, YouTube, Pinterest, Facebook): the title and caption come
 * from the open-graph tags and embedded data; the ingredient lines are the caption lines that
 * read as ingredients. No such lines -> no recipe.
 */

const SOCIAL_HOST = /(^|\.)(instagram\.com|tiktok\.com|youtube\.com|youtu\.be|pinterest\.[a-z.]+|pin\.it|facebook\.com|fb\.watch|threads\.net)$/i;

/** True when the URL is a post on a social network (not a recipe site). */
export function isSocialUrl(url: string): boolean {
  try {
    return SOCIAL_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

const FRACTIONS = "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞";
const UNIT =
  /^(?:cups?|c\.|tbsps?|tbs|tablespoons?|tsps?|teaspoons?|oz|ounces?|lbs?|pounds?|g|grams?|kg|ml|l|litres?|liters?|cl|dl|pinch|dash|cloves?|cans?|packages?|pkg|sticks?|slices?|handful|bunch|sprigs?|el|tl|stk|st[üu]ck|prise|c\.\s?à\s?(?:s|c)|cs|cc|cuill[eè]res?|pi[eè]ces?|x)\b/i;

/**
 * True when a caption line reads as an ingredient: a bullet or a quantity (digits, fractions,
 * "a"/"an") followed by words, short enough to be a line of a list.
 */
export function looksLikeIngredient(line: string): boolean {
  const s = line.trim();
  if (s.length < 3 || s.length > 120) return false;
  if (/[.!?]\s+\S+.*[.!?]$/.test(s)) return false; // two sentences: prose
  if (/^https?:|#\w+\s+#\w+|@\w+/.test(s)) return false;
  const body = s.replace(/^[-–—•·*▪●◦✔✓☐▢]\s*/, "");
  const bulleted = body !== s;
  const qty = new RegExp(`^(?:\\d+(?:[.,/]\\d+)?|[${FRACTIONS}]|\\d+\\s*[${FRACTIONS}])(?:\\s*[-–]\\s*\\d+(?:[.,/]\\d+)?)?\\s*(.*)$`).exec(body);
  if (qty) {
    const rest = qty[1];
    if (!/[A-Za-zÀ-ÿ\u0400-\u04ff\u3040-\u9fff]/.test(rest)) return false;
    if (/^(?:minutes?|mins?|hours?|hrs?|degrees|°|days?|servings?|people|steps?)\b/i.test(rest)) return false;
    return UNIT.test(rest) || rest.split(/\s+/).length <= 8;
  }
  if (/^(?:a|an|one|two|three|some)\s+(?:pinch|handful|dash|bunch|few|cup|clove|splash)\b/i.test(body)) return true;
  return bulleted && body.split(/\s+/).length <= 8 && !/[.!?]$/.test(body);
}

/** Ingredient lines in a caption (in order), or [] when there are none. */
export function captionIngredients(caption: string): string[] {
  const lines = caption
    .replace(/\\n/g, "\n")
    .split(/\r?\n|\s[•·▪]\s/)
    .map((l) => l.trim())
    .filter(Boolean);
  const out = lines.filter(looksLikeIngredient).map((l) => l.replace(/^[-–—•·*▪●◦✔✓☐▢]\s*/, ""));
  return out.length >= 2 ? out : [];
}

/** A social post's title: og:title without the network's " on Instagram: ..." decorations. */
export function socialTitle(ogTitle: string, caption: string): string {
  let t = ogTitle.replace(/\s*[|•-]\s*(?:Instagram|TikTok|YouTube|Pinterest|Facebook)\s*$/i, "").trim();
  const on = /^(.*?)\s+on\s+(?:Instagram|TikTok|Facebook)\s*:\s*["“]?(.*?)["”]?$/i.exec(t);
  if (on) t = on[2] || on[1];
  if (!t) t = caption.split(/\r?\n/)[0] ?? "";
  if (t.length > 100) t = t.slice(0, 100).replace(/\s+\S*$/, "") + "…";
  return t.trim();
}

/** Drops Instagram/Facebook's "123 likes, 4 comments - user on March 1, 2024: "..."" wrapper. */
export function stripSocialPrefix(caption: string): string {
  const m = /^\s*[\d.,\s]+[KkMm]?\s+likes?,\s*[\d.,\s]+[KkMm]?\s+comments?\s*[-–]\s*[^:\n]{1,80}?:\s*["“]?([\s\S]*?)["”]?\s*\.?\s*$/.exec(caption);
  return m ? m[1] : caption;
}
