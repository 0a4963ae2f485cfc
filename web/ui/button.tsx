/**
 * Button: react-aria-components Button (press events, focus ring only for keyboard users,
 * isPending announces progress) with the app's variants and sizes.
 */
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { cx } from "./cx.ts";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "destructive";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

export interface ButtonProps extends Omit<AriaButtonProps, "className"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** CSS classes for a button look; also used by links styled as buttons (web/ui/link.tsx). */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return cx("btn", `btn--${variant}`, `btn--${size}`, extra);
}

export function Button({ variant = "primary", size = "md", className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonClass(variant, size, className)} />;
}
