/**
 * Spinner: an animated ring. Decorative by default; pass `label` to make it a status message
 * (role="status", polite live region) that screen readers announce.
 */
import { cx } from "./cx.ts";

export function Spinner({ label, size = 24, className }: { label?: string; size?: number; className?: string }) {
  const ring = (
    <svg className="spinner__ring" aria-hidden="true" viewBox="0 0 24 24" width={size} height={size}>
      <circle cx="12" cy="12" r="9" fill="none" strokeWidth="3" className="spinner__track" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" strokeWidth="3" strokeLinecap="round" className="spinner__head" />
    </svg>
  );
  if (!label) return <span className={cx("spinner", className)}>{ring}</span>;
  return (
    <span className={cx("spinner", className)} role="status" aria-live="polite">
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
