/**
 * The frame of the account pages (/auth, /forgot-password, /reset-password): a centred card with
 * the logo mark, a heading that takes focus when the view changes, an optional lead, the content,
 * and a footer (toggle or back links). Works from 375 px up.
 */
import type { ReactNode, RefObject } from "react";
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
