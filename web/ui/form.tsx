/**
 * Form: react-aria-components Form, so fields show native and custom validation errors in
 * the app's style (validationBehavior "native" by default: the browser blocks invalid submits,
 * react-aria renders the messages and focuses the first invalid field; pass `validationErrors`
 * for server errors). `form.reset()` clears values and errors.
 */
import type { ComponentProps } from "react";
import { Form as AriaForm } from "react-aria-components";
import { cx } from "./cx.ts";

export function Form({ className, ...props }: Omit<ComponentProps<typeof AriaForm>, "className"> & { className?: string }) {
  return <AriaForm {...props} className={cx("form", className)} />;
}
