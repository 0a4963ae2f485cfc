import { StaticPage } from "../components/static-page.tsx";
import { canonicalUrl, pageMeta } from "../lib/meta.ts";
import { Link } from "../ui/link.tsx";
import type { Route } from "./+types/privacy.ts";

export const meta = (args: Route.MetaArgs) =>
  pageMeta({
    title: "Privacy Policy",
    description:
      "What recipecart collects, why, how long we keep it and the choices you have. We never sell your information; privacy requests are answered within 30 days.",
    canonical: canonicalUrl(args),
  });

/** docs/product/screens.md. */
export const PRIVACY_UPDATED = "August 15, 2025";

export default function Privacy() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      lead="recipecart is a free tool for planning your own shopping. This policy explains, in plain language, what information we handle and what we do with it."
    >
      <div className="prose">
        <nav aria-labelledby="privacy-contents" className="toc">
          <h2 id="privacy-contents" className="toc__title">
            On this page
          </h2>
          <ol>
            <li>
              <a href="#collect">Information we collect</a>
            </li>
            <li>
              <a href="#use">How we use it</a>
            </li>
            <li>
              <a href="#storage">Cookies and local storage</a>
            </li>
            <li>
              <a href="#sharing">When we share information</a>
            </li>
            <li>
              <a href="#retention">How long we keep it</a>
            </li>
            <li>
              <a href="#rights">Your choices and rights</a>
            </li>
            <li>
              <a href="#security">Security</a>
            </li>
            <li>
              <a href="#children">Children</a>
            </li>
            <li>
              <a href="#changes">Changes to this policy</a>
            </li>
            <li>
              <a href="#contact">Contact us</a>
            </li>
          </ol>
        </nav>

        <h2 id="collect">1. Information we collect</h2>
        <p>We collect only what the service needs to work:</p>
        <ul>
          <li>
            <strong>Account details</strong>, if you create an account: your first and last name, e-mail address and a password. We store
            only a one-way hash of your password, never the password itself. If you sign in with Google or GitHub instead, we receive your
            name and verified e-mail address from that service.
          </li>
          <li>
            <strong>Recipes and lists</strong> you add or generate: recipe titles, ingredient lines, the address of the recipe page, and the
            shopping lists, favourites and list history linked to your account, and the pantry staples and aisles you chose for items. When
            you add a page with the browser extension, it sends us that page's address and content as your browser shows it, only when you
            click its button or menu entry.
          </li>
          <li>
            <strong>Shopping lists you e-mail</strong>: the address you send a list to, kept with the mail for 30 days; after that only a
            one-way hash of it, which counts sends against our daily limits and remembers an address that asked us not to send it lists.
          </li>
          <li>
            <strong>Messages you send us</strong>, including any details you choose to include.
          </li>
          <li>
            <strong>Delivery details</strong>, if you order groceries: the ZIP code you search with, the store you choose and any delivery
            preferences you save.
          </li>
          <li>
            <strong>Technical information</strong> that every web request carries, such as IP address, browser type and the pages requested,
            kept in short-lived server logs to keep the service secure and working. We also count which recipe websites are used, without
            linking those counts to you.
          </li>
        </ul>

        <h2 id="use">2. How we use it</h2>
        <ul>
          <li>to read recipes, combine ingredients and build your shopping lists;</li>
          <li>to keep you signed in and keep your recipes, lists, favourites and list history under your account;</li>
          <li>to send e-mails you ask for, such as a shopping list or a password reset link, and a link to confirm your e-mail address;</li>
          <li>to answer your support messages;</li>
          <li>to keep the service secure, prevent abuse and fix problems;</li>
          <li>to understand, in aggregate, which recipe sites people use so we can support them better.</li>
        </ul>
        <p>We do not sell your information, and we do not use it for advertising.</p>

        <h2 id="storage">3. Cookies and local storage</h2>
        <p>
          We use a sign-in cookie and your browser's local storage to keep you signed in, and local storage to remember, on this browser,
          the recipes you added and the lists you made, with the keys that let you change them before you have an account. Signing in with
          Google or GitHub sets a short-lived cookie that protects that sign-in. After you change something, a technical cookie holding no
          personal data tells our database, for an hour, how recent a copy your next page needs, so you always see your own change. The
          browser extension keeps the app's address, the recipes it added and, if you connect it, its sign-in in the extension's own
          storage. On a list page, the items you tick in the store wait in local storage until they reach the server, and the app's service
          worker keeps a copy of the pages you opened so they open without a connection; signing out clears that copy. We do not use
          advertising or cross-site tracking cookies. Clearing your browser's site data signs you out and forgets the recipes this browser
          added without an account.
        </p>

        <h2 id="sharing">4. When we share information</h2>
        <p>We share information only in these cases:</p>
        <ul>
          <li>
            <strong>Grocery delivery.</strong> When you choose to order with a delivery service such as Instacart, we send it the items on
            your list, your ZIP code and the chosen store so it can build your cart. Your order is then governed by that service's own
            privacy policy.
          </li>
          <li>
            <strong>Lists you share.</strong> When you press Share on a list, anyone holding its link can read that list (its name, the
            recipe titles and the items) until you choose Stop sharing. The link shows nothing else of yours and lets no one change the
            list.
          </li>
          <li>
            <strong>Service providers</strong> that host the app, store data and deliver e-mail for us, under contracts that let them use
            the data only to provide their service to us.
          </li>
          <li>
            <strong>The law.</strong> When we are legally required to, or to protect the safety of our users or the service.
          </li>
        </ul>

        <h2 id="retention">5. How long we keep it</h2>
        <ul>
          <li>Account details, saved recipes, favourites, lists and your staples: until you delete them or your account.</li>
          <li>Support communications: up to 2 years, so we can follow up on an issue and learn from recurring problems.</li>
          <li>Password reset links expire after 10 minutes and can be used once.</li>
          <li>Server logs: a few weeks at most, unless needed to investigate abuse.</li>
        </ul>

        <h2 id="rights">6. Your choices and rights</h2>
        <p>
          You can view and update your name and e-mail address in your dashboard at any time. You can also ask us to give you a copy of your
          information, correct it, or delete your account and everything linked to it. Send privacy requests through our{" "}
          <Link href="/contact">contact form</Link> (choose the "Account help" category). We answer privacy requests within 30 days.
        </p>

        <h2 id="security">7. Security</h2>
        <p>
          All traffic is encrypted with HTTPS, passwords are stored as salted hashes, and access to our systems is limited to the people who
          need it to run the service. No system is perfectly secure, so please use a password you don't use anywhere else.
        </p>

        <h2 id="children">8. Children</h2>
        <p>
          recipecart is not directed at children under 13 and we do not knowingly collect their information. If you believe a child has
          given us personal information, contact us and we will delete it.
        </p>

        <h2 id="changes">9. Changes to this policy</h2>
        <p>
          If we change this policy, we will update the date at the top of this page, and for significant changes we will let account holders
          know by e-mail before they take effect.
        </p>

        <h2 id="contact">10. Contact us</h2>
        <p>
          Questions about privacy? Reach us through the <Link href="/contact">Contact Us</Link> page. We respond within 24 hours, Monday to
          Friday, 9AM to 6PM EST.
        </p>
      </div>
    </StaticPage>
  );
}
