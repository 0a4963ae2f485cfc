/**
 * Site footer (docs/product/screens.md): tagline, Product and Support link columns, social links, and the
 * 2024 copyright notice.
 */
import { Link as RouterLink } from "react-router";
import { LogoMark } from "./logo.tsx";
import { SectionLink } from "./section-link.tsx";
import { FacebookIcon, InstagramIcon, TwitterIcon } from "./social-icons.tsx";

export const SOCIAL_LINKS = [
  { name: "Twitter", href: "https://twitter.com/recipecart", Icon: TwitterIcon },
  { name: "Facebook", href: "https://www.facebook.com/recipecart", Icon: FacebookIcon },
  { name: "Instagram", href: "https://www.instagram.com/recipecart", Icon: InstagramIcon },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <RouterLink to="/" className="logo logo--footer">
            <LogoMark size={28} />
            <span className="logo__text">
              recipe<span className="logo__accent">cart</span>
            </span>
          </RouterLink>
          <p className="site-footer__tagline">Turn your recipe collection into organised shopping lists in just a few clicks.</p>
          <ul className="social-links" aria-label="recipecart on social media">
            {SOCIAL_LINKS.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  className="social-links__link"
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`recipecart on ${name} (opens in a new tab)`}
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav className="site-footer__column" aria-labelledby="footer-product">
          <h2 id="footer-product" className="site-footer__heading">
            Product
          </h2>
          <ul className="site-footer__links">
            <li>
              <SectionLink section="features">Features</SectionLink>
            </li>
            <li>
              <SectionLink section="how-it-works">How it Works</SectionLink>
            </li>
            <li>
              <SectionLink section="supported-sites">Supported Sites</SectionLink>
            </li>
            <li>
              <RouterLink to="/about">About Us</RouterLink>
            </li>
          </ul>
        </nav>

        <nav className="site-footer__column" aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__heading">
            Support
          </h2>
          <ul className="site-footer__links">
            <li>
              <RouterLink to="/help">Help Center</RouterLink>
            </li>
            <li>
              <RouterLink to="/contact">Contact Us</RouterLink>
            </li>
            <li>
              <RouterLink to="/privacy">Privacy Policy</RouterLink>
            </li>
            <li>
              <RouterLink to="/terms">Terms of Service</RouterLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>© 2024 recipecart. All rights reserved.</p>
        <p>Free for personal use.</p>
      </div>
    </footer>
  );
}
