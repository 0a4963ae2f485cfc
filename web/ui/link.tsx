/**
 * Link: react-aria-components Link. Inside the app's RouterProvider (web/root.tsx) internal
 * hrefs navigate client-side through React Router; external ones open normally.
 * `variant` makes it look like a button (e.g. "Back to Home").
 */
import { Link as AriaLink, type LinkProps as AriaLinkProps } from "react-aria-components";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button.tsx";
import { cx } from "./cx.ts";

export interface LinkProps extends Omit<AriaLinkProps, "className"> {
  /** Render as a button-looking link. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function Link({ variant, size, className, ...props }: LinkProps) {
  const cls = variant ? buttonClass(variant, size, className) : cx("link", className);
  return <AriaLink {...props} className={cls} />;
}

/** A link to another site: new tab, no opener, no referrer. */
export function ExternalLink({ className, ...props }: Omit<LinkProps, "target" | "rel">) {
  return <Link {...props} className={className} target="_blank" rel="noopener noreferrer" />;
}
