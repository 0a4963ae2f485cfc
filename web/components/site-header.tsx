/**
 * Site header (docs/product/screens.md): logo to /, Features and How It Works (sections of /), Our Story, and
 * the account area — the user menu when signed in, a same-size placeholder while the status
 * loads, the 'Sign In' button to /auth when signed out (no layout shift, no spinner on public
 * pages; when the session cookie names the user, the server renders the signed-in header,
 * decision 0020). Below
 * 768 px the links move into a disclosure menu behind a labelled menu button.
 */
import { useDeferredValue, useEffect, useId, useRef, useState } from "react";
import { NavLink, Link as RouterLink, useLocation } from "react-router";
import { useAuth } from "../lib/auth.ts";
import { lazyPart, useLazyPart } from "../lib/lazy-part.ts";
import { LogoMark } from "./logo.tsx";
import { SectionLink } from "./section-link.tsx";
import { getUserMenuLabel } from "./user-menu-label.ts";

/** Only signed-in visitors see the menu, so its code (menu, popover, positioning) is fetched
 * when the user is known (docs/decisions/0017-home-first-load.md); the placeholder keeps
 * its place meanwhile. */
const userMenu = lazyPart(() => import("./user-menu.tsx").then((m) => m.UserMenu));

export function SiteHeader() {
  const auth = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const [LoadedUserMenu, requestUserMenu] = useLazyPart(userMenu);
  // The menu's first render (react-aria's menu trigger, collection and popover) is long on a slow phone: as a
  // deferred value React renders it in the background, in short slices, after the rest of the page (decision 0034).
  const UserMenu = useDeferredValue(LoadedUserMenu);
  const signedIn = auth.user !== null;
  useEffect(() => {
    if (!signedIn) return;
    // In a task of its own, not in the one that finishes hydrating the page: starting the chunk's requests there
    // was a long part of that task.
    const start = setTimeout(() => void requestUserMenu(), 0);
    return () => clearTimeout(start);
  }, [signedIn, requestUserMenu]);

  // Any navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  // Escape closes it and gives focus back to the button; so does a press outside.
  useEffect(() => {
    if (!menuOpen) return;
    function onKey(e: KeyboardEvent) {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      buttonRef.current?.focus();
    }
    function onPointer(e: PointerEvent) {
      const t = e.target as Node;
      if (panelRef.current?.contains(t) || buttonRef.current?.contains(t)) return;
      setMenuOpen(false);
    }
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <RouterLink to="/" className="logo" onClick={close}>
          <LogoMark />
          <span className="logo__text">
            recipe<span className="logo__accent">cart</span>
          </span>
        </RouterLink>

        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            <li>
              <SectionLink section="features" className="site-nav__link">
                Features
              </SectionLink>
            </li>
            <li>
              <SectionLink section="how-it-works" className="site-nav__link">
                How It Works
              </SectionLink>
            </li>
            <li>
              <NavLink to="/about" className="site-nav__link">
                Our Story
              </NavLink>
            </li>
          </ul>
        </nav>

        <div className="site-header__account">
          {auth.status === "loading" ? (
            <span className="account-placeholder" aria-hidden="true" />
          ) : auth.user ? (
            UserMenu ? (
              <UserMenu user={auth.user} onSignOut={auth.signOut} />
            ) : (
              <>
                <span className="account-placeholder" aria-hidden="true" />
                {/* Without the script the menu never opens: signing out is a form (the /auth action). */}
                <noscript>
                  <form method="post" action="/auth">
                    <button type="submit" name="intent" value="logout" className="btn btn--outline btn--sm">
                      Sign out
                    </button>
                  </form>
                </noscript>
              </>
            )
          ) : (
            // A plain link with the button look: react-aria's Link would grow the home page's first load (decision 0017).
            <RouterLink to="/auth" className="btn btn--primary btn--sm sign-in-button">
              Sign In
            </RouterLink>
          )}
        </div>

        <button
          ref={buttonRef}
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>

      <div ref={panelRef} id={menuId} className="mobile-menu" hidden={!menuOpen}>
        <nav aria-label="Mobile" className="container">
          <ul className="mobile-menu__list">
            <li>
              <SectionLink section="features" className="mobile-menu__link" onNavigate={close}>
                Features
              </SectionLink>
            </li>
            <li>
              <SectionLink section="how-it-works" className="mobile-menu__link" onNavigate={close}>
                How It Works
              </SectionLink>
            </li>
            <li>
              <NavLink to="/about" className="mobile-menu__link" onClick={close}>
                Our Story
              </NavLink>
            </li>
          </ul>
          <div className="mobile-menu__account">
            {auth.status === "loading" ? null : auth.user ? (
              <>
                <p className="mobile-menu__heading">Signed in as {getUserMenuLabel(auth.user)}</p>
                <ul className="mobile-menu__list">
                  <li>
                    <NavLink to="/dashboard" className="mobile-menu__link" onClick={close}>
                      Dashboard
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/dashboard?tab=favorites" className="mobile-menu__link" onClick={close}>
                      My Favorites
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/dashboard?tab=history" className="mobile-menu__link" onClick={close}>
                      List History
                    </NavLink>
                  </li>
                  <li>
                    <NavLink
                      to="/"
                      className="mobile-menu__link"
                      onClick={() => {
                        close();
                        void auth.signOut();
                      }}
                    >
                      Sign out
                    </NavLink>
                  </li>
                </ul>
              </>
            ) : (
              <RouterLink to="/auth" className="btn btn--primary btn--md mobile-menu__sign-in" onClick={close}>
                Sign In
              </RouterLink>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
