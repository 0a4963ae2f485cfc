/**
 * The frame of the account pages (/auth, /forgot-password, /reset-password) and of the pages a mailed link
 * opens (/verify-email, /email-opt-out, /undo-email-change): a centred card with the logo mark or a status
 * icon, a heading that takes focus when the view changes, an optional lead, the content, and a footer
 * (toggle or back links). `ResultCard` is the one-step view those pages share. Works from 375 px up.
 */
import type { ReactNode, RefObject } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "../ui/button.tsx";
import { Link } from "../ui/link.tsx";
import { LogoMark } from "./logo.tsx";

export interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
  footer?: ReactNode;
  /** Icon shown above the heading in result views (sent, complete, invalid). */
  icon?: ReactNode;
}

export function AuthCard({ title, lead, headingRef, children, footer, icon }: AuthCardProps) {
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-card__head">
          {icon ?? (
            <span className="auth-card__logo" aria-hidden="true">
              <LogoMark />
            </span>
          )}
          <h1 ref={headingRef} tabIndex={-1} className="auth-card__title">
            {title}
          </h1>
          {lead ? <p className="auth-card__lead">{lead}</p> : null}
        </div>
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </div>
    </div>
  );
}

export function StatusIcon({ kind }: { kind: "mail" | "check" | "warning" }) {
  return (
    <span className={`auth-card__icon auth-card__icon--${kind}`} aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="28"
        height="28"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {kind === "mail" ? (
          <>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 7l9 6 9-6" />
          </>
        ) : kind === "check" ? (
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        ) : (
          <>
            <path d="M12 3l10 18H2L12 3z" />
            <path d="M12 10v5M12 18h.01" />
          </>
        )}
      </svg>
    </span>
  );
}

/** A link shown as a button under a result card's lead. */
export interface CardLink {
  href: string;
  label: string;
  /** The first link is primary and the others outline unless said. */
  variant?: "primary" | "outline";
}

export interface ResultCardProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The status icon above the heading (none: the logo mark). */
  kind?: "mail" | "check" | "warning";
  title: string;
  lead: ReactNode;
  /** Links as buttons under the lead. */
  links?: CardLink[];
  /** Or one button that posts the page's form (works without the script); `intent` goes as a hidden field. */
  post?: { label: string; intent?: string; variant?: "primary" | "outline" };
}

/** One view of a one-step page: icon, heading, lead, and its links or its one POST button. */
export function ResultCard({ headingRef, kind, title, lead, links = [], post }: ResultCardProps) {
  const navigation = useNavigation();
  return (
    <AuthCard headingRef={headingRef} icon={kind ? <StatusIcon kind={kind} /> : undefined} title={title} lead={lead}>
      {post ? (
        <Form method="post" className="auth-actions">
          {post.intent ? <input type="hidden" name="intent" value={post.intent} /> : null}
          <Button type="submit" variant={post.variant} size="lg" isPending={navigation.state === "submitting"}>
            {post.label}
          </Button>
        </Form>
      ) : (
        <div className="auth-actions">
          {links.map((link, i) => (
            <Link key={link.href} href={link.href} variant={link.variant ?? (i === 0 ? "primary" : "outline")} size="lg">
              {link.label}
            </Link>
          ))}
        </div>
      )}
    </AuthCard>
  );
}
