/** TextArea: a multi-line TextField (react-aria-components TextField + TextArea). */
import type { ReactNode } from "react";
import {
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from "react-aria-components";
import { cx } from "./cx.ts";
import { Description, FieldError, Label } from "./field.tsx";

export interface TextAreaProps extends Omit<AriaTextFieldProps, "className" | "children"> {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((v: ValidationResult) => string);
  placeholder?: string;
  rows?: number;
  className?: string;
}

export function TextArea({ label, description, errorMessage, placeholder, rows = 5, className, ...props }: TextAreaProps) {
  return (
    <AriaTextField {...props} className={cx("field", className)}>
      {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
      <AriaTextArea className="input input--textarea" placeholder={placeholder} rows={rows} />
      <Description>{description}</Description>
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
