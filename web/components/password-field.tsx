/**
 * A password field with a show/hide toggle (docs/product/screens.md /auth and the dashboard's profile tab). The
 * toggle is a real button beside the input, named "Show password"/"Hide password" (plus the
 * field's label when a form has several), with aria-pressed and aria-controls; pressing it keeps
 * focus where it is and never submits the form.
 */
import { type ReactNode, useState } from "react";
import { Group, Input, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from "react-aria-components";
import { Button } from "../ui/button.tsx";
import { cx } from "../ui/cx.ts";
import { Description, FieldError, Label } from "../ui/field.tsx";

export interface PasswordFieldProps extends Omit<AriaTextFieldProps, "className" | "children" | "type"> {
  label: ReactNode;
  /** Spoken name of the toggle's target when the label is not "Password" (e.g. "new password"). */
  toggleName?: string;
  description?: ReactNode;
  placeholder?: string;
  className?: string;
}

export function PasswordField({ label, toggleName = "password", description, placeholder, className, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const inputId = props.id ?? undefined;
  return (
    <AriaTextField {...props} type={visible ? "text" : "password"} className={cx("field", className)}>
      <Label isRequired={props.isRequired}>{label}</Label>
      <Group className="password-field">
        <Input
          id={inputId}
          className="input password-field__input"
          placeholder={placeholder}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <Button
          variant="ghost"
          size="icon"
          className="password-field__toggle"
          aria-label={`${visible ? "Hide" : "Show"} ${toggleName}`}
          aria-pressed={visible}
          excludeFromTabOrder={false}
          onPress={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
      </Group>
      <Description>{description}</Description>
      <FieldError />
    </AriaTextField>
  );
}

/** The toggle's 20 px line icon (decorative: the button carries the name). */
function ToggleIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

function EyeIcon() {
  return (
    <ToggleIcon>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </ToggleIcon>
  );
}

function EyeOffIcon() {
  return (
    <ToggleIcon>
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A10.4 10.4 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7c1.8 0 3.4-.6 4.8-1.4" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </ToggleIcon>
  );
}

export interface NewPasswordFieldsProps {
  /** Rule for the new password (the API schema's field, so the message is the product's). */
  validate: (value: string) => string | null;
  value: string;
  onChange: (value: string) => void;
  confirm: string;
  onConfirmChange: (value: string) => void;
  isReadOnly?: boolean;
  /** Form field name of the new password ("password" on /reset-password, "newPassword" in the dashboard). */
  name: string;
}

/**
 * The new-password pair shared by /reset-password and the dashboard's change-password form: 'New
 * password' (at least 8 characters) and 'Confirm new password' ('Please confirm your password',
 * "Passwords don't match"), each with its own show/hide toggle.
 */
export function NewPasswordFields({ validate, value, onChange, confirm, onConfirmChange, isReadOnly, name }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        name={name}
        label="New password"
        toggleName="new password"
        autoComplete="new-password"
        description="At least 8 characters."
        value={value}
        onChange={onChange}
        isReadOnly={isReadOnly}
        validate={validate}
      />
      <PasswordField
        name="confirmPassword"
        label="Confirm new password"
        toggleName="password confirmation"
        autoComplete="new-password"
        value={confirm}
        onChange={onConfirmChange}
        isReadOnly={isReadOnly}
        validate={(v) => (!v ? "Please confirm your password" : v !== value ? "Passwords don't match" : null)}
      />
    </>
  );
}
