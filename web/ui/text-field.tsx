/**
 * TextField: label + input + description + error, from react-aria-components (label and
 * error wired with aria attributes; native or custom validation; errors shown after submit
 * or commit).
 */
import type { ReactNode } from "react";
import { TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps, Input, type ValidationResult } from "react-aria-components";
import { cx } from "./cx.ts";
import { Description, FieldError, Label } from "./field.tsx";

export interface TextFieldProps extends Omit<AriaTextFieldProps, "className" | "children"> {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((v: ValidationResult) => string);
  placeholder?: string;
  className?: string;
  inputClassName?: string;
}

export function TextField({ label, description, errorMessage, placeholder, className, inputClassName, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={cx("field", className)}>
      {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
      <Input className={cx("input", inputClassName)} placeholder={placeholder} />
      <Description>{description}</Description>
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
