import { StaticPage } from "../components/static-page.tsx";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { Link } from "../ui/link.tsx";
import type { Route } from "./+types/about.ts";

export const meta = (args: Route.MetaArgs) =>
  pageMeta({
    title: "Our Story",
    description:
      "Why we built recipecart: a free, personal-use tool that turns the recipes you want to cook into one tidy shopping list, grouped the way your store is laid out.",
    canonical: canonicalUrl(args),
  });

const VALUES = [
  {
    title: "Free, for your kitchen",
    text: "recipecart is free for personal use. No trial, no card details, no premium tier hiding the useful parts.",
  },
  {
    title: "Your recipes stay yours",
    text: "We read a recipe page to pull out its ingredients and always link back to the original author. We never sell your data.",
  },
  {
    title: "Quick beats clever",
    text: "A few clicks from a pile of recipes to a list you can shop from. If a feature slows that down, it doesn't ship.",
  },
];

export default function About() {
  return (
    <StaticPage
      eyebrow="Our Story"
      title="From a pile of recipes to one shopping list"
      lead="recipecart started at a kitchen table, with five open browser tabs, a pen that kept running out, and a list that still forgot the garlic."
      width="wide"
    >
      <div className="about">
        <section className="prose about__story" aria-labelledby="why">
          <h2 id="why">Why we built it</h2>
          <p>
            Planning a week of meals should be the fun part. Writing the shopping list is not: you copy ingredients out of four recipes,
            notice that two of them need onions and one needs "1 small onion, diced", add it all up in your head, and then walk the
            supermarket twice because the butter was on the wrong half of the page.
          </p>
          <p>
            We wanted a tool that did that bookkeeping for us. Paste the links to the recipes you plan to cook, or type a family recipe in
            by hand, and get back a single list: duplicates combined, quantities added up, and everything grouped by the part of the store
            where you'll find it.
          </p>
          <h2 id="how">What recipecart does</h2>
          <ul>
            <li>Reads the ingredient list from recipe web pages and many social posts, or from a recipe you type.</li>
            <li>Combines the same ingredient across recipes, so "2 eggs" and "1 egg" become "3 eggs".</li>
            <li>Scales each recipe to the servings you need (half, double, or a number of servings) before adding the amounts up.</li>
            <li>Sorts the list by store category (produce, dairy, pantry and so on) so you can shop aisle by aisle.</li>
            <li>Lets you print, copy or e-mail the list, or send it to a grocery delivery service.</li>
            <li>With a free account, keeps your favourite recipes and past lists so next week's shop starts half done.</li>
            <li>Lets you tick items off on your phone as you shop, even where the signal is weak.</li>
          </ul>
          <h2 id="who">Who it's for</h2>
          <p>
            Home cooks, busy parents, students sharing a kitchen, anyone batch-cooking on a Sunday. recipecart is a personal tool: it is
            free to use for your own household's cooking and shopping.
          </p>
          <p>
            Questions, ideas or a recipe site we don't read well yet? We'd love to hear from you on the{" "}
            <Link href="/contact">Contact Us</Link> page, and the <Link href="/help">Help Center</Link> answers the most common questions.
          </p>
        </section>
        <aside className="about__values" aria-labelledby="values">
          <h2 id="values">What we care about</h2>
          <ul className="value-list">
            {VALUES.map((v) => (
              <li key={v.title} className="value-card">
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </StaticPage>
  );
}
