/**
 * The home page's static sections (docs/product/screens.md Home): stat tiles, the features preview
 * (id="features"), the three-step how-it-works (id="how-it-works") and six supported-site badges.
 * The header's in-page links scroll to the two ids.
 */

const STATS = [
  { value: "50K+", label: "Recipes processed" },
  { value: "95%", label: "Accuracy" },
  { value: "100+", label: "Supported sites" },
];

export function StatTiles() {
  return (
    <ul className="stats" aria-label="recipecart in numbers">
      {STATS.map((s) => (
        <li key={s.label} className="stats__tile">
          <span className="stats__value">{s.value}</span>
          <span className="stats__label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

const FEATURES = [
  {
    title: "Reads any recipe page",
    text: "Paste a link from a recipe site or a social post and the ingredients are pulled out for you.",
  },
  {
    title: "Combines duplicates",
    text: "Two onions here and one large onion there become one line: 3 onions.",
  },
  {
    title: "Sorted by aisle",
    text: "Items are grouped by store category in the order you walk the shop.",
  },
  {
    title: "Print or copy",
    text: "Take the list with you on paper, or paste it into your notes app.",
  },
];

/** The features preview; `id="features"` is the header's Features target. */
export function FeaturesPreview() {
  return (
    <section id="features" className="section features" aria-labelledby="features-title">
      <h2 id="features-title" className="section__title">
        Everything you need to shop smarter
      </h2>
      <ul className="features__grid">
        {FEATURES.map((f) => (
          <li key={f.title} className="features__card">
            <h3 className="features__name">{f.title}</h3>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STEPS = [
  { title: "Add your recipes", text: "Paste recipe links or type a recipe in by hand." },
  { title: "Generate your list", text: "We combine the ingredients and sort them by store category." },
  { title: "Shop", text: "Print the list, copy it to your phone, and head to the store." },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" className="section steps" aria-labelledby="how-title">
      <h2 id="how-title" className="section__title">
        How it works
      </h2>
      <ol className="steps__list">
        {STEPS.map((s, i) => (
          <li key={s.title} className="steps__step">
            <span className="steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="steps__name">{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

const SITES = ["AllRecipes", "Food Network", "BBC Good Food", "Serious Eats", "Bon Appétit", "NYT Cooking"];

export function SupportedSites() {
  return (
    <section id="supported-sites" className="section sites" aria-labelledby="sites-title">
      <h2 id="sites-title" className="section__title section__title--small">
        Works with your favourite recipe sites
      </h2>
      <ul className="sites__list">
        {SITES.map((name) => (
          <li key={name} className="sites__badge">
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}
