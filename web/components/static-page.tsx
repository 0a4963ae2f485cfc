/**
 * Frame for the static pages (Our Story, Help, Contact, Privacy, Terms): a page heading with
 * an optional eyebrow, lead and "last updated" date, the content, and the 'Back to Home' link
 * docs/product/screens.md asks for on each of them.
 */
import type { ReactNode } from "react";
import { Link } from "../ui/link.tsx";
import { cx } from "../ui/cx.ts";

export interface StaticPageProps {
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  /** Shown as "Last updated …" (policies). */
  updated?: string;
  children: ReactNode;
  /** "prose" for long text, "wide" for layouts with columns. */
  width?: "prose" | "wide";
}

export function StaticPage({ title, eyebrow, lead, updated, children, width = "prose" }: StaticPageProps) {
  return (
    <article className={cx("static-page", `static-page--${width}`)}>
      <header className="static-page__header">
        <div className="container static-page__header-inner">
          <BackToHome className="static-page__back-top" />
          {eyebrow ? <p className="static-page__eyebrow">{eyebrow}</p> : null}
          <h1>{title}</h1>
          {lead ? <p className="static-page__lead">{lead}</p> : null}
          {updated ? (
            <p className="static-page__updated">
              Last updated <time dateTime={toIsoDate(updated)}>{updated}</time>
            </p>
          ) : null}
        </div>
      </header>
      <div className="container static-page__body">{children}</div>
      <footer className="container static-page__footer">
        <BackToHome />
      </footer>
    </article>
  );
}

function BackToHome({ className }: { className?: string }) {
  return (
    <Link href="/" variant={className ? "ghost" : "outline"} size={className ? "sm" : "md"} className={cx("back-home", className)}>
      <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
        <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Back to Home
    </Link>
  );
}

function toIsoDate(text: string): string | undefined {
  const d = new Date(`${text} 12:00 UTC`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().slice(0, 10);
}
