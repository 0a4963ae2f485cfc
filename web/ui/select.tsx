/**
 * Select: a labelled single-choice picker (react-aria-components Select + Popover + ListBox).
 * Submits its value under `name` in native forms.
 */
import type { ReactNode } from "react";
import {
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  Button,
  type Key,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
  type ValidationResult,
} from "react-aria-components";
import { cx } from "./cx.ts";
import { Description, FieldError, Label } from "./field.tsx";

export interface SelectOption {
  id: Key;
  label: string;
}

export interface SelectProps extends Omit<AriaSelectProps<SelectOption>, "className" | "children"> {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: string | ((v: ValidationResult) => string);
  options: SelectOption[];
  className?: string;
}

export function Select({ label, description, errorMessage, options, className, ...props }: SelectProps) {
  return (
    <AriaSelect {...props} className={cx("field", "select", className)}>
      {label ? <Label isRequired={props.isRequired}>{label}</Label> : null}
      <Button className="input select__button">
        <SelectValue className="select__value" />
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className="select__chevron">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Button>
      <Description>{description}</Description>
      <FieldError>{errorMessage}</FieldError>
      <Popover className="popover select__popover">
        <ListBox className="listbox" items={options}>
          {(item) => (
            <ListBoxItem id={item.id} className="listbox__item" textValue={item.label}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
