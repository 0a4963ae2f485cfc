/**
 * A link to a section of the home page (#features, #how-it-works, #supported-sites). A real
 * <a href="/#id"> so it works without JavaScript and in a new tab; a plain click is taken over
 * to smooth-scroll, from other pages after going to / (web/lib/scroll.ts).
 */
import type { MouseEvent, ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { type HomeSectionId, goToHomeSection } from "../lib/scroll.ts";

export function SectionLink({
  section,
  children,
  className,
  onNavigate,
}: {
  section: HomeSectionId;
  children: ReactNode;
  className?: string;
  /** Called after a handled click (e.g. to close the mobile menu). */
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  function onClick(e: MouseEvent<HTMLAnchorElement>) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onNavigate?.();
    goToHomeSection(section, pathname, navigate);
  }
  return (
    <a href={`/#${section}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
