/**
 * In-page sections of the home page (docs/product/screens.md): Features and How It Works live on / under the
 * ids 'features' and 'how-it-works'. On / the link smooth-scrolls there; from any other page
 * it navigates to / first and scrolls after 100 ms (docs/product/constants.md).
 */

/** docs/product/constants.md: wait this long after navigating to / before scrolling. */
export const SECTION_SCROLL_DELAY_MS = 100;

/** Section ids on /: the two docs/product/screens.md names, plus the supported-site badges the footer links to. */
export type HomeSectionId = "features" | "how-it-works" | "supported-sites";

/** Room left between the sticky header and the section's top, in px. */
const GAP_PX = 16;

/** Height of the sticky site header as it is now (0 when it does not stick). */
function stickyHeaderHeight(): number {
  const header = document.querySelector<HTMLElement>(".site-header");
  if (!header) return 0;
  const { position } = getComputedStyle(header);
  return position === "sticky" || position === "fixed" ? header.getBoundingClientRect().height : 0;
}

/**
 * Smooth-scrolls so that the element with this id starts just below the sticky header
 * (instant when the user prefers less motion). The scroll is measured two frames later, after
 * whatever the click changed has been laid out: the phone menu closing shrinks the header and
 * moves every section up.
 */
export function scrollToSection(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  // Move focus for keyboard and screen-reader users without a jump of its own.
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const top = el.getBoundingClientRect().top + window.scrollY - stickyHeaderHeight() - GAP_PX;
      window.scrollTo({ top: Math.max(0, top), behavior: reduce ? "auto" : "smooth" });
    }),
  );
  return true;
}

/**
 * Goes to a home-page section from wherever the user is.
 *
 * @param pathname the current location's pathname
 * @param navigate React Router's navigate function
 */
export function goToHomeSection(id: HomeSectionId, pathname: string, navigate: (to: string) => unknown): void {
  if (pathname === "/") {
    scrollToSection(id);
    return;
  }
  // navigate() resolves once the home route has loaded; then wait the specified 100 ms. If the
  // section is not rendered yet (slow chunk), try a few more times before giving up.
  let tries = 0;
  const attempt = () => {
    if (scrollToSection(id) || ++tries > 20) return;
    window.setTimeout(attempt, 50);
  };
  void Promise.resolve(navigate("/")).then(() => window.setTimeout(attempt, SECTION_SCROLL_DELAY_MS));
}
