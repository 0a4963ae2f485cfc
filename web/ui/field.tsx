/**
 * Shared field parts: label, description and error text with the app's classes, used by
 * TextField, TextArea and Select.
 */
import type { ReactNode } from "react";
import { FieldError as AriaFieldError, Label as AriaLabel, Text, type ValidationResult } from "react-aria-components";

export function Label({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <AriaLabel className="field__label">
      {children}
      {isRequired ? (
        <span className="field__required" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </AriaLabel>
  );
}

export function Description({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <Text slot="description" className="field__description">
      {children}
    </Text>
  );
}

export function FieldError({ children }: { children?: ReactNode | ((v: ValidationResult) => string) }) {
  return <AriaFieldError className="field__error">{children}</AriaFieldError>;
}
