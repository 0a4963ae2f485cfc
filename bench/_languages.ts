/**
 * Per-language rows of the accuracy benches (not a bench section): the language a data row or
 * page is in, from its tag, and the order and names the tables use. Shared by the pages, lines
 * and aisles figures so that their rows line up in the README's accuracy table.
 */

/** The languages the tables list by name, in this order; others are grouped as "other". */
export const TABLE_LANGUAGES = ["en", "de", "fr", "nl", "it", "es", "pt", "sv", "da", "nb"] as const;

export const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  de: "German",
  fr: "French",
  nl: "Dutch",
  it: "Italian",
  es: "Spanish",
  pt: "Portuguese",
  sv: "Swedish",
  da: "Danish",
  nb: "Norwegian",
  other: "other languages",
};

/**
 * The table row of a language tag ("de-DE" -> "de", "no" -> "nb", "se" -> "sv" as the data's
 * manifests write Swedish); null or unknown -> "other".
 */
export function tableLanguage(tag: string | null | undefined): string {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  const code = primary === "no" || primary === "nn" ? "nb" : primary === "se" ? "sv" : primary;
  return (TABLE_LANGUAGES as readonly string[]).includes(code) ? code : "other";
}
