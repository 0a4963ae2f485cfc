import { StaticPage } from "../components/static-page.tsx";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { Link } from "../ui/link.tsx";
import type { Route } from "./+types/terms.ts";

export const meta = (args: Route.MetaArgs) =>
  pageMeta({
    title: "Terms of Service",
    description:
      "The terms for using recipecart, a free service for personal, non-commercial use: your account, acceptable use, recipe content, grocery partners and our responsibilities.",
    canonical: canonicalUrl(args),
  });

/** docs/product/screens.md. */
export const TERMS_UPDATED = "August 15, 2025";

export default function Terms() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Terms of Service"
      updated={TERMS_UPDATED}
      lead="These terms are the agreement between you and recipecart when you use the website, the browser extension and related services. Please read them; they're short."
    >
      <div className="prose">
        <h2 id="acceptance">1. Using recipecart</h2>
        <p>
          By using recipecart you agree to these terms and to our <Link href="/privacy">Privacy Policy</Link>. If you don't agree, please
          don't use the service.
        </p>

        <h2 id="service">2. The service</h2>
        <p>
          recipecart turns recipes, from web pages or typed in by you, into shopping lists grouped by store category. The service is free
          and provided for your personal, non-commercial use: planning meals and shopping for yourself and your household. You may not
          resell it, offer it as part of a commercial product, or use it to process recipes on behalf of a business.
        </p>

        <h2 id="accounts">3. Your account</h2>
        <p>
          You don't need an account to make shopping lists. If you create one, give us accurate details, keep your password to yourself and
          tell us if you think someone else has used your account. You are responsible for what happens under your account. You can stop
          using recipecart at any time and ask us to delete your account.
        </p>

        <h2 id="acceptable-use">4. Acceptable use</h2>
        <p>Please don't:</p>
        <ul>
          <li>use automated tools to send large numbers of requests, or try to copy the service or its data in bulk;</li>
          <li>try to break, overload or get around the security of the service;</li>
          <li>use recipecart to fetch pages you are not allowed to access, or for anything unlawful;</li>
          <li>upload content that infringes someone else's rights or that is abusive or harmful.</li>
        </ul>

        <h2 id="content">5. Recipes and content</h2>
        <p>
          Recipes belong to their authors and publishers. When you add a recipe from a web page, recipecart reads its title and ingredient
          list so you can shop for it, and keeps a link back to the original page; we do not republish recipes. Recipes you type in remain
          yours; you give us permission to store and process them only to provide the service to you.
        </p>

        <h2 id="accuracy">6. Check your list</h2>
        <p>
          We work hard to read ingredients correctly and to combine and sort them sensibly, but automatic reading is not perfect. Check
          quantities against the original recipe, and always check product labels yourself for allergens and dietary needs. recipecart is
          not a source of nutritional, medical or food-safety advice.
        </p>

        <h2 id="third-parties">7. Grocery delivery and other services</h2>
        <p>
          If you order groceries through a delivery service such as Instacart, the order, its prices, substitutions, payment and delivery
          are between you and that service, under its own terms. recipecart is not a party to that purchase.
        </p>

        <h2 id="availability">8. Changes and availability</h2>
        <p>
          We may add, change or remove features, and we may pause or end the service. We'll give account holders reasonable notice by e-mail
          of changes that significantly affect them when we can. We may suspend accounts that break these terms.
        </p>

        <h2 id="liability">9. Disclaimers and liability</h2>
        <p>
          recipecart is provided free of charge, "as is" and "as available", without warranties of any kind. To the fullest extent the law
          allows, we are not liable for indirect or consequential losses, or for losses arising from inaccurate lists, missing items or
          third-party services. Nothing in these terms limits liability that cannot be limited by law.
        </p>

        <h2 id="changes">10. Changes to these terms</h2>
        <p>
          When we update these terms we will change the date at the top of this page. If you keep using recipecart after an update, the new
          terms apply.
        </p>

        <h2 id="contact">11. Contact</h2>
        <p>
          Questions about these terms? Send us a message on the <Link href="/contact">Contact Us</Link> page.
        </p>
      </div>
    </StaticPage>
  );
}
