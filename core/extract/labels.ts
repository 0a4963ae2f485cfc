/**
 * Words that label the parts of a recipe page in the languages of the world's recipe sites: the
 * group labels inside an ingredient list ("Für den Teig", "Pâte", "Vulling"), the words a page's
 * title carries besides the dish's name ("– Rezept", "| Recette"), the interface words around a
 * recipe card ("Drucken", "Zur Einkaufsliste"). Taken from general knowledge of each language
 * (its grammar and common cookery terms), never from the pages of a data set.
 */

/**
 * "For (the) ..." at the start of a line, in English, German, French, Spanish, Portuguese,
 * Italian, Dutch and the Scandinavian languages ("for the sauce", "für den Teig", "zum
 * Bestreuen", "pour la pâte", "para la masa", "para o molho", "per il ripieno", "voor de saus",
 * "til deigen", "till degen"): such a line names a group; it is never an ingredient.
 */
export const FOR_LABEL = /^(?:for|für|zum|zur|pour|para|per|voor|til|till)\s+(?:\p{L}['’])?\p{L}/iu;

/** A short line without a number that starts with "for (the)" in one of the languages: a group label. */
export function isForLabel(line: string): boolean {
  const s = line.trim();
  return FOR_LABEL.test(s) && !/\d/.test(s) && s.split(/\s+/).length <= 6;
}

/**
 * The head word of a dish part in the Germanic languages, which write it as the end of a
 * compound ("Mürbeteig", "Quarkfüllung", "Tomatensoße", "appelvulling", "pizzadeig",
 * "vaniljesås"): German, Dutch, Swedish, Danish, Norwegian.
 */
const GERMANIC_PART =
  /(?:teig|füllung|belag|soße|sosse|sauce|glasur|guss|creme|boden|streusel|dekoration|deko|garnitur|panade|deeg|vulling|saus|glazuur|bodem|beslag|garnering|deg|fyllning|sås|glasyr|botten|smet|dej|fyld|fyldning|sovs|bund|pynt|deig|fyll|bunn|røre|topping|dressing|marinade|marinad)$/iu;

/**
 * Dish parts in the Romance languages, which put the head noun first ("Pâte", "Relleno",
 * "Ripieno", "Recheio"); only a line that is the noun alone (with its article) is a label, as
 * "Salsa de soja" or "Crème fraîche" are ingredients.
 */
const ROMANCE_PART = new RegExp(
  "^(?:(?:la|le|les|l['’]|el|los|las|il|lo|gli|a|o|as|os)\\s*)?(?:" +
    [
      // French
      "pâte",
      "garniture",
      "farce",
      "glaçage",
      "crème",
      "vinaigrette",
      "décoration",
      "appareil",
      "sirop",
      "coulis",
      "montage",
      "finition",
      "fond",
      // Spanish
      "masa",
      "relleno",
      "cobertura",
      "decoración",
      "aderezo",
      "marinada",
      "glaseado",
      "crema",
      "almíbar",
      "guarnición",
      "montaje",
      // Italian
      "impasto",
      "ripieno",
      "condimento",
      "glassa",
      "copertura",
      "decorazione",
      "guarnizione",
      "sciroppo",
      "farcia",
      "farcitura",
      "finitura",
      // Portuguese
      "massa",
      "recheio",
      "molho",
      "calda",
      "creme",
      "decoração",
      "guarnição",
      "montagem",
      // shared
      "sauce",
      "salsa",
      "marinade",
      "base",
      "ganache",
      "crumble",
      "streusel",
      "topping",
    ].join("|") +
    ")$",
  "iu",
);

/**
 * A short line that names a dish part in one of the languages above ("Teig", "Für die Füllung",
 * "Appelvulling", "Pâte", "Pour la garniture"). English dish parts are GROUP_NOUN in
 * from-json-ld.ts.
 */
export function isForeignPartLabel(line: string): boolean {
  const s = line.trim();
  const words = s.split(/\s+/);
  if (FOR_LABEL.test(s)) return words.length <= 6;
  if (words.length <= 3 && GERMANIC_PART.test(s)) return true;
  return ROMANCE_PART.test(s);
}

/**
 * A page heading that is interface, not a title, in the other languages: home, menu, search,
 * recipes, log in, newsletter, categories, contact ("Startseite", "Accueil", "Rezepte", "Suche",
 * "Inloggen", "Oppskrifter").
 */
export const NAV_WORDS_OTHER = new RegExp(
  "^(?:" +
    [
      // German
      "startseite",
      "men[üu]",
      "suche",
      "rezepte",
      "anmelden",
      "einloggen",
      "registrieren",
      "kategorien",
      "kontakt",
      "[üu]ber uns",
      "zum rezept",
      "rezept drucken",
      // French
      "accueil",
      "rechercher?",
      "recettes",
      "connexion",
      "se connecter",
      "s['’]inscrire",
      "cat[ée]gories",
      "contactez-nous",
      "[àa] propos",
      "imprimer(?: la recette)?",
      "aller [àa] la recette",
      // Spanish, Portuguese
      "inicio",
      "in[íi]cio",
      "buscar",
      "b[úu]squeda",
      "pesquisar",
      "recetas",
      "receitas",
      "iniciar sesi[óo]n",
      "entrar",
      "categor[íi]as",
      "contacto",
      "contato",
      "imprimir(?: receta| receita)?",
      // Italian
      "cerca",
      "ricette",
      "accedi",
      "categorie",
      "contatti",
      "chi siamo",
      "stampa(?: ricetta)?",
      // Dutch
      "zoeken",
      "recepten",
      "inloggen",
      "categorie[ëe]n",
      "over ons",
      "afdrukken",
      "naar recept",
      // Swedish, Danish, Norwegian
      "s[öo]k",
      "s[øo]k",
      "s[øo]g",
      "recept",
      "opskrifter",
      "oppskrifter",
      "logga in",
      "log ind",
      "logg inn",
      "kategorier",
      "meny",
      "om oss",
      "om os",
      "skriv ut",
      "udskriv",
    ].join("|") +
    ")$",
  "iu",
);

/**
 * A part of a title after a separator that only says "Recipe" in one of the languages
 * ("Apfelkuchen – Rezept", "Tarte Tatin | Recette", "Paella - Receta"): the site's template,
 * not the dish's name. A title that says "recipe" without a separator keeps it.
 */
export const RECIPE_WORD_PART =
  /\s+[|–—:-]\s*(?:recipe|rezept|recette|receta|receita|ricetta|recept|oppskrift|opskrift|przepis|resepti|tarifi?|рецепт)\s*$/iu;
