import { type ReactNode, useEffect, useState } from "react";
import type { Key } from "react-aria-components";
import { StaticPage } from "../components/static-page.tsx";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { Accordion, Disclosure } from "../ui/disclosure.tsx";
import { Link } from "../ui/link.tsx";
import type { Route } from "./+types/help.ts";

export const meta = (args: Route.MetaArgs) =>
  pageMeta({
    title: "Help Center",
    description:
      "Answers to common questions about recipecart: adding recipes by link or by hand, how ingredients are combined and sorted, sites that block us, printing and sharing lists, accounts, privacy and cost.",
    canonical: canonicalUrl(args),
  });

/** The Help Center FAQ (docs/product/screens.md: 13 questions). Ids make each answer linkable (/help#faq-cost). */
export const FAQ: ReadonlyArray<{ id: string; question: string; answer: ReactNode }> = [
  {
    id: "paste-link",
    question: "How do I add a recipe from a website?",
    answer: (
      <>
        <p>
          Copy the address of the recipe page from your browser, open the <strong>From URL</strong> tab on the home page, paste it in and
          press <strong>Add Recipe</strong> (or Enter). recipecart reads the page and adds the recipe's title and ingredients to your list
          of recipes.
        </p>
        <p>
          Add as many recipes as you like, then press <strong>Generate Shopping List</strong>.
        </p>
      </>
    ),
  },
  {
    id: "manual-entry",
    question: "Can I type in a recipe myself?",
    answer: (
      <p>
        Yes. Open the <strong>Manual Entry</strong> tab, give the recipe a title and type or paste the ingredients with one ingredient per
        line, for example "2 cups flour". Blank lines are ignored. Manual recipes are combined with the others exactly like ones read from a
        web page.
      </p>
    ),
  },
  {
    id: "supported-sites",
    question: "Which recipe websites work with recipecart?",
    answer: (
      <p>
        Most recipe sites publish their recipes in a standard, machine-readable format, and recipecart reads that format, so the large
        majority of recipe blogs and cooking sites work, including the big names shown on the home page. We also read many recipe posts on
        social media. If a site doesn't work, the next question explains what you can do.
      </p>
    ),
  },
  {
    id: "site-blocked",
    question: "Why couldn't recipecart read my recipe link?",
    answer: (
      <>
        <p>A few things can stop us reading a page:</p>
        <ul>
          <li>the site blocks automated visitors, or shows a "prove you're human" check first;</li>
          <li>the recipe sits behind a login or a paywall;</li>
          <li>the page has no recipe data we can recognise (a video-only post, for instance);</li>
          <li>the link is shortened or points to a search page rather than the recipe itself.</li>
        </ul>
        <p>
          Try the full address of the recipe page. If it still fails, use <strong>Manual Entry</strong> and paste the ingredient list, or
          use the browser extension, which reads the page you already have open.
        </p>
      </>
    ),
  },
  {
    id: "browser-extension",
    question: "Is there a browser extension?",
    answer: (
      <p>
        Yes, for Chrome and other Chromium-based browsers and for Firefox. It adds the recipe on the page you're viewing to recipecart with
        one click, or the text you select through its right-click menu entry. Because it reads the page inside your own browser, it also
        works on many sites that block our server or need you to be signed in. It only looks at a page when you click its button or its menu
        entry. Connect it to your account from its popup to keep what it adds under your name; otherwise 'Open my list' brings the recipe to
        this browser's list, where you can edit it like any other.
      </p>
    ),
  },
  {
    id: "combining",
    question: "How does recipecart combine ingredients?",
    answer: (
      <p>
        When the same ingredient appears in more than one recipe, recipecart merges the lines and adds the amounts together when their units
        can be added, so "1 cup milk" and "½ cup milk" become "1½ cups milk", and "2 eggs" plus "1 egg" become "3 eggs". Amounts in units
        that can't be converted reliably (say "2 cloves garlic" and "1 tsp minced garlic") stay side by side on one line so nothing gets
        lost. Each recipe is scaled first: under every added recipe choose ×0.5, ×1 or ×2, or, when the recipe's page says how many it
        serves, type the number of servings you need. recipecart remembers the choice in your browser.
      </p>
    ),
  },
  {
    id: "categories",
    question: "How are items sorted into store categories?",
    answer: (
      <p>
        Each ingredient is placed in the part of the store where you'd normally find it, such as produce, meat and seafood, dairy and eggs,
        bakery, pantry staples, spices, frozen food and drinks, so you can shop in one pass. Anything we're unsure about goes under "Other"
        rather than a wrong aisle.
      </p>
    ),
  },
  {
    id: "editing",
    question: "Can I change a recipe after adding it?",
    answer: (
      <p>
        Yes. Use the edit button on any added recipe to rename it, change, add or remove ingredient rows, and undo or redo your changes
        before saving. You can also delete a recipe you no longer need; the next shopping list you generate leaves it out.
      </p>
    ),
  },
  {
    id: "print-copy-email",
    question: "How do I print, copy or e-mail my shopping list?",
    answer: (
      <p>
        Open the list and use the <strong>Print</strong>, <strong>Copy</strong> or <strong>Email</strong> buttons. Print opens a clean,
        printer-friendly version of the list. Copy puts the list on your clipboard as plain text, with a heading per category and one bullet
        per item, ready to paste into a notes or messaging app. Email sends the list to the address you enter. On a list you made,{" "}
        <strong>Share</strong> gives a read-only link to send: whoever opens it can tick items off for themselves but cannot change the
        list, and <strong>Stop sharing</strong> turns the link off at once. In the store, open the list on your phone and tick items off as
        you go: ticked items move to "In the cart", and things most kitchens already have wait under "You probably have" ("I need this"
        moves one back to its aisle). Signed in, you choose those yourself under Dashboard, Staples: add the things you always have, and
        untick the usual ones you buy each time; your next lists follow. Your ticks are kept on the phone and reach the list when the
        connection allows.
      </p>
    ),
  },
  {
    id: "delivery",
    question: "Can I order my groceries for delivery?",
    answer: (
      <p>
        Yes, through Instacart. Choose <strong>Order with Instacart</strong> on a list, enter your ZIP code, pick a nearby store and create
        the order; the checkout opens on Instacart, where you review items and pay. More delivery services are coming soon.
      </p>
    ),
  },
  {
    id: "account",
    question: "Do I need an account?",
    answer: (
      <p>
        No. You can add recipes, generate lists, print, copy and e-mail them without signing up. With a free account, the recipes and lists
        you make are kept under your name, including the ones you made on this browser before signing in; you can mark recipes and lists as
        favourites with the heart button, build a new list from favourite recipes (Dashboard, Favorites: tick them and press Create List),
        and find earlier lists in your list history, searching by list name, ingredient or recipe. Use "Sign In" at the top of any page to
        sign in or create one, with your e-mail and a password or, where offered, with Google or GitHub. Your name, e-mail address and
        password can be changed under Dashboard, Profile, and Dashboard, Security shows the devices you are signed in on, each of which you
        can sign out; changing or resetting your password signs you out on your other devices. If you forget your password, use the "Forgot
        password?" link on the sign-in page; the reset link is valid for 10 minutes and works once.
      </p>
    ),
  },
  {
    id: "privacy",
    question: "What do you do with my information?",
    answer: (
      <p>
        We keep only what the service needs: your name and e-mail if you create an account, and the recipes and lists you save. We never
        sell your information, and you can ask us to delete your account at any time. Our <Link href="/privacy">Privacy Policy</Link> has
        the details.
      </p>
    ),
  },
  {
    id: "cost",
    question: "How much does recipecart cost?",
    answer: (
      <p>
        Nothing. recipecart is free for personal use: planning your own meals and shopping for your household. Grocery orders placed through
        a delivery service are paid to that service at its usual prices.
      </p>
    ),
  },
];

export default function Help() {
  // /help#faq-cost opens (and shows) that answer; the hash never reaches the server, so this
  // happens after hydration.
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set());
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!FAQ.some((item) => `faq-${item.id}` === id)) return;
    setExpanded(new Set([id]));
    document.getElementById(id)?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <StaticPage
      eyebrow="Help Center"
      title="How can we help?"
      lead="Quick answers to the questions people ask us most. Can't find what you need? Our support team is a message away."
    >
      <section aria-labelledby="faq-title" className="faq">
        <h2 id="faq-title">Frequently asked questions</h2>
        <Accordion allowsMultipleExpanded expandedKeys={expanded} onExpandedChange={setExpanded} className="faq__list" data-testid="faq">
          {FAQ.map((item) => (
            <Disclosure key={item.id} id={`faq-${item.id}`} headingId={`faq-${item.id}`} title={item.question}>
              {item.answer}
            </Disclosure>
          ))}
        </Accordion>
      </section>
      <section className="help-cta" aria-labelledby="still-need-help">
        <h2 id="still-need-help">Still need help?</h2>
        <p>Send us a message and we'll reply within 24 hours, Monday to Friday.</p>
        <Link href="/contact" variant="primary">
          Contact Support
        </Link>
      </section>
    </StaticPage>
  );
}
