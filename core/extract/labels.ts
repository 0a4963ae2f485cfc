/**
 * Words that label the parts of a recipe page in the languages of the world's recipe sites: the
 * group labels inside an ingredient list ("Für den Teig", "Pâte", "Vulling"), the words a page's
 * title carries besides the dish's name ("– Rezept", "| Recette"), the interface words around a
 * recipe card ("Drucken", "Zur Einkaufsliste"). Taken from general knowledge of each language
 * (its grammar and common cookery terms), never from the pages of a data set.
 */

/** "Ingredients" and "What you need" in the languages recipe pages are written in (alternatives of a regular expression). */
export const INGREDIENT_WORDS = [
  "ingredients?",
  "ingr[ée]dients?",
  "zutaten",
  "zutatenliste",
  "ingredienti",
  "ingredientes?",
  "ingredi[eë]nten",
  "ingredi[eë]ntenlijst",
  "ingredienser",
  "ingredienset",
  "ingredientai",
  "ingrediencie",
  "ingredience",
  "sk[łl]adniki",
  "sastojci",
  "sestavine",
  "suroviny",
  "hozz[áa]val[óo]k",
  "malzemeler",
  "ainekset",
  "innihald",
  "koostisosad",
  "sast[āa]vda[ļl]as",
  "cynhwysion",
  "bahan(?:-bahan)?",
  "nguy[êe]n li[ệe]u",
  "ингредиенты",
  "продукты",
  "інгредієнти",
  "складники",
  "съставки",
  "продукти",
  "συστατικά",
  "υλικά",
  "מצרכים",
  "רכיבים",
  "المكونات",
  "مكونات",
  "مواد لازم",
  "सामग्री",
  "ส่วนผสม",
  "材料",
  "食材",
  "用料",
  "재료",
  "what you(?:'|’)?ll need",
  "you will need",
  "what you need",
  "shopping list",
  // "what you need" and "shopping list" in German, French, Dutch, Spanish, Portuguese, Italian, Scandinavian
  "das brauchst du",
  "das brauchen sie",
  "was du brauchst",
  "was sie brauchen",
  "einkaufsliste",
  "ce qu(?:'|’)il (?:vous|te) faut",
  "il (?:vous|te) faut",
  "liste de courses",
  "wat heb je nodig",
  "wat je nodig hebt",
  "boodschappenlijst(?:je)?",
  "lo que necesitas",
  "qu[ée] necesitas",
  "lista de la compra",
  "voc[êe] vai precisar",
  "o que voc[êe] precisa",
  "lista de compras",
  "cosa serve",
  "occorrente",
  "lista della spesa",
  "du beh[öo]ver",
  "du trenger",
  "du skal bruge",
  "handleliste",
  "indk[øo]bsliste",
  "ink[öo]pslista",
].join("|");

/**
 * Words that may come before the label: articles and "our"/"my" ("the", "die", "les", "gli", "los",
 * "os", "unsere"), "needed" and "list of" ("benötigte Zutaten", "benodigde ingrediënten", "liste des
 * ingrédients", "lista de ingredientes", "elenco degli ingredienti").
 */
export const LABEL_PREFIX =
  "(?:(?:the|our|my|recipe|les|nos|mes|die|unsere|meine|benötigte|gli|los|las|nuestros|os|de|onze|benodigde|liste des|lista de|lista dos|elenco degli|lista degli)\\s+)?";

/** A line that is only the "Ingredients" label (with an article or a colon): a heading inside a list, never an ingredient. */
export const INGREDIENTS_LABEL = new RegExp(`^${LABEL_PREFIX}(?:${INGREDIENT_WORDS})\\s*:?$`, "iu");

/** "Zutaten für den Teig", "Ingrédients pour la garniture", "Ingredients for the sauce": a group's label (not "... für 4 Personen"). */
const INGREDIENTS_FOR_PART = new RegExp(
  `^${LABEL_PREFIX}(?:${INGREDIENT_WORDS})\\s+(?:for|für|zum|zur|pour|para|per|voor|til|till|för)\\s+[^\\d]+$`,
  "iu",
);

/**
 * "For (the) ..." at the start of a line, in English, German, French, Spanish, Portuguese,
 * Italian, Dutch and the Scandinavian languages ("for the sauce", "für den Teig", "zum
 * Bestreuen", "pour la pâte", "para la masa", "para o molho", "per il ripieno", "voor de saus",
 * "til deigen", "till degen"): such a line names a group; it is never an ingredient.
 */
export const FOR_LABEL = /^(?:for|für|zum|zur|pour|para|per|voor|til|till)\s+(?:\p{L}['’])?\p{L}/iu;

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
 * A line that can only be a label, whatever follows it: "for (the) ..." in one of the languages
 * ("Für den Teig", "Pour la garniture", "For serving"; up to six words), "Ingredients for ..."
 * ("Zutaten für die Füllung"), or the bare "Ingredients" label ("Zutaten", "Ingrédients :").
 * The line has no number (checked by the caller).
 */
export function isLabelLine(line: string): boolean {
  const s = line.trim();
  // "For garnish: chopped parsley", "Pour servir : persil" name the ingredient after the colon
  if (/[:：]\s*\S/.test(s)) return false;
  const words = s.split(/\s+/).length;
  return (FOR_LABEL.test(s) && words <= 6) || (INGREDIENTS_FOR_PART.test(s) && words <= 7) || INGREDIENTS_LABEL.test(s);
}

/**
 * A short line that names a dish part in one of the languages ("Teig", "Appelvulling",
 * "Mürbeteig", "Pâte", "La garniture"): a label when an amount line follows. English dish parts
 * are GROUP_NOUN in from-json-ld.ts.
 */
export function isForeignPartLabel(line: string): boolean {
  const s = line.trim();
  if (s.split(/\s+/).length <= 3 && GERMANIC_PART.test(s)) return true;
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

/** The same word as a prefix before a colon or a dash ("Rezept: Apfelkuchen", "Recette : Tarte Tatin"). */
export const RECIPE_WORD_PREFIX =
  /^(?:recipe|rezept|recette|receta|receita|ricetta|recept|oppskrift|opskrift|przepis|resepti|tarifi?|рецепт)\s*[:|–—-]\s+(?=\S)/iu;
