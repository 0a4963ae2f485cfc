/**
 * Form: react-aria-components Form, so fields show native and custom validation errors in
 * the app's style (validationBehavior "native" by default: the browser blocks invalid submits
 * and react-aria renders the messages; pass `validationErrors` for server errors).
 */
import { Form as AriaForm, type FormProps as AriaFormProps } from "react-aria-components";
import { cx } from "./cx.ts";

export function Form({ className, ...props }: Omit<AriaFormProps, "className"> & { className?: string }) {
  return <AriaForm {...props} className={cx("form", className)} />;
}
