/**
 * Covers the page with a centred spinner while something the whole page depends on loads —
 * today the auth status on /connect-extension (docs/decisions/0020-sign-in-and-sessions.md).
 * role="status" + aria-live so screen readers hear "Loading…".
 */
import { Spinner } from "../ui/spinner.tsx";

export function FullPageSpinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div className="full-page-spinner" data-testid="full-page-spinner">
      <div className="full-page-spinner__inner" role="status" aria-live="polite">
        <Spinner size={40} />
        <span>{label}</span>
      </div>
    </div>
  );
}
