/**
 * The store's aisle names in each language, as a shop's signs would read them (the walk order stays
 * the English one: core/categorise/categories.ts), and the 'You probably have' group of pantry staples.
 * The categoriser keeps answering with the English names; pages translate them only to show them.
 */
import type { CategoryName } from "../../core/categorise/categories.ts";
import type { Locale } from "./locales.ts";

type AisleNames = Readonly<Record<CategoryName, string>>;

const NAMES: Readonly<Record<Exclude<Locale, "en">, AisleNames>> = {
  de: {
    Produce: "Obst & Gemüse",
    "Bakery & Bread": "Bäckerei & Brot",
    "Deli & Prepared Foods": "Feinkost & Fertiggerichte",
    "Meat & Seafood": "Fleisch & Fisch",
    "Dairy & Eggs": "Milchprodukte & Eier",
    "Pasta, Rice & Grains": "Nudeln, Reis & Getreide",
    "Canned Goods & Soups": "Konserven & Suppen",
    International: "Internationale Küche",
    "Condiments & Sauces": "Saucen & Würzmittel",
    "Oils & Vinegars": "Öl & Essig",
    Baking: "Backzutaten",
    "Spices & Seasonings": "Gewürze",
    "Breakfast & Cereal": "Frühstück & Müsli",
    "Snacks & Sweets": "Snacks & Süßigkeiten",
    Beverages: "Getränke",
    Frozen: "Tiefkühlkost",
    "Beer, Wine & Spirits": "Bier, Wein & Spirituosen",
    Other: "Sonstiges",
  },
  fr: {
    Produce: "Fruits & légumes",
    "Bakery & Bread": "Boulangerie",
    "Deli & Prepared Foods": "Traiteur & plats préparés",
    "Meat & Seafood": "Boucherie & poissonnerie",
    "Dairy & Eggs": "Produits laitiers & œufs",
    "Pasta, Rice & Grains": "Pâtes, riz & céréales",
    "Canned Goods & Soups": "Conserves & soupes",
    International: "Cuisine du monde",
    "Condiments & Sauces": "Condiments & sauces",
    "Oils & Vinegars": "Huiles & vinaigres",
    Baking: "Pâtisserie",
    "Spices & Seasonings": "Épices & assaisonnements",
    "Breakfast & Cereal": "Petit-déjeuner",
    "Snacks & Sweets": "Biscuits & confiseries",
    Beverages: "Boissons",
    Frozen: "Surgelés",
    "Beer, Wine & Spirits": "Bières, vins & spiritueux",
    Other: "Autres",
  },
  es: {
    Produce: "Frutas y verduras",
    "Bakery & Bread": "Panadería",
    "Deli & Prepared Foods": "Charcutería y platos preparados",
    "Meat & Seafood": "Carne y pescado",
    "Dairy & Eggs": "Lácteos y huevos",
    "Pasta, Rice & Grains": "Pasta, arroz y legumbres",
    "Canned Goods & Soups": "Conservas y sopas",
    International: "Cocina internacional",
    "Condiments & Sauces": "Salsas y condimentos",
    "Oils & Vinegars": "Aceites y vinagres",
    Baking: "Repostería",
    "Spices & Seasonings": "Especias",
    "Breakfast & Cereal": "Desayuno y cereales",
    "Snacks & Sweets": "Aperitivos y dulces",
    Beverages: "Bebidas",
    Frozen: "Congelados",
    "Beer, Wine & Spirits": "Cervezas, vinos y licores",
    Other: "Otros",
  },
  it: {
    Produce: "Frutta e verdura",
    "Bakery & Bread": "Panetteria",
    "Deli & Prepared Foods": "Gastronomia e piatti pronti",
    "Meat & Seafood": "Carne e pesce",
    "Dairy & Eggs": "Latticini e uova",
    "Pasta, Rice & Grains": "Pasta, riso e legumi",
    "Canned Goods & Soups": "Conserve e zuppe",
    International: "Cucina etnica",
    "Condiments & Sauces": "Salse e condimenti",
    "Oils & Vinegars": "Oli e aceti",
    Baking: "Preparati per dolci",
    "Spices & Seasonings": "Spezie e aromi",
    "Breakfast & Cereal": "Colazione e cereali",
    "Snacks & Sweets": "Snack e dolciumi",
    Beverages: "Bevande",
    Frozen: "Surgelati",
    "Beer, Wine & Spirits": "Birra, vino e liquori",
    Other: "Altro",
  },
  nl: {
    Produce: "Groente & fruit",
    "Bakery & Bread": "Bakkerij & brood",
    "Deli & Prepared Foods": "Vleeswaren & kant-en-klaar",
    "Meat & Seafood": "Vlees & vis",
    "Dairy & Eggs": "Zuivel & eieren",
    "Pasta, Rice & Grains": "Pasta, rijst & peulvruchten",
    "Canned Goods & Soups": "Conserven & soepen",
    International: "Wereldkeuken",
    "Condiments & Sauces": "Sauzen & smaakmakers",
    "Oils & Vinegars": "Olie & azijn",
    Baking: "Bakproducten",
    "Spices & Seasonings": "Kruiden & specerijen",
    "Breakfast & Cereal": "Ontbijt & muesli",
    "Snacks & Sweets": "Snacks & snoep",
    Beverages: "Dranken",
    Frozen: "Diepvries",
    "Beer, Wine & Spirits": "Bier, wijn & sterke drank",
    Other: "Overig",
  },
  pt: {
    Produce: "Frutas e legumes",
    "Bakery & Bread": "Padaria",
    "Deli & Prepared Foods": "Charcutaria e refeições prontas",
    "Meat & Seafood": "Talho e peixaria",
    "Dairy & Eggs": "Laticínios e ovos",
    "Pasta, Rice & Grains": "Massa, arroz e leguminosas",
    "Canned Goods & Soups": "Conservas e sopas",
    International: "Cozinha internacional",
    "Condiments & Sauces": "Molhos e condimentos",
    "Oils & Vinegars": "Azeites e vinagres",
    Baking: "Pastelaria",
    "Spices & Seasonings": "Especiarias",
    "Breakfast & Cereal": "Pequeno-almoço e cereais",
    "Snacks & Sweets": "Snacks e doces",
    Beverages: "Bebidas",
    Frozen: "Congelados",
    "Beer, Wine & Spirits": "Cervejas, vinhos e bebidas espirituosas",
    Other: "Outros",
  },
};

/** 'You probably have': the group of staples most kitchens hold. */
const STAPLES_GROUP: Readonly<Record<Locale, string>> = {
  en: "You probably have",
  de: "Hast du wahrscheinlich schon",
  fr: "Vous l’avez sans doute déjà",
  es: "Seguramente ya lo tienes",
  it: "Probabilmente ce l’hai già",
  nl: "Heb je waarschijnlijk al",
  pt: "Provavelmente já tem em casa",
};

/** An aisle's name in a language; a name that is not one of the 18 aisles is shown as it is. */
export function aisleName(category: string, locale: Locale): string {
  if (locale === "en") return category;
  return (NAMES[locale] as Readonly<Record<string, string>>)[category] ?? category;
}

export function staplesGroupName(locale: Locale): string {
  return STAPLES_GROUP[locale];
}
