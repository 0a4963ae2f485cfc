/**
 * Form: react-aria-components Form, so fields show native and custom validation errors in
 * the app's style (validationBehavior "native" by default: the browser blocks invalid submits,
 * react-aria renders the messages and focuses the first invalid field; pass `validationErrors`
 * for server errors). `form.reset()` clears values and errors.
 *
 * `liveErrors`: once a field shows an error, the message follows each keystroke instead of waiting
 * for the field to lose focus. Otherwise the message of a field just fixed disappears on the mouse
 * down on the submit button, the button moves up, and the mouse up misses it (no submit).
 */
import { type ComponentProps, type Ref, useCallback, useEffect, useRef } from "react";
import { Form as AriaForm } from "react-aria-components";
import { cx } from "./cx.ts";

type FormProps = Omit<ComponentProps<typeof AriaForm>, "className"> & { className?: string; liveErrors?: boolean };

export function Form({ className, liveErrors = false, ref, ...props }: FormProps) {
  const own = useRef<HTMLFormElement | null>(null);
  const setRef = useCallback(
    (el: HTMLFormElement | null) => {
      own.current = el;
      assignRef(ref, el);
    },
    [ref],
  );
  useEffect(() => {
    const form = own.current;
    if (!liveErrors || !form) return;
    function onInput(e: Event) {
      const t = e.target;
      // react-aria commits a field's validation on the native change event; it is sent once React
      // has rendered the new value (the validation of the old one would be committed otherwise).
      if (t instanceof HTMLInputElement && t.getAttribute("aria-invalid") === "true") {
        setTimeout(() => t.dispatchEvent(new Event("change")), 0);
      }
    }
    form.addEventListener("input", onInput);
    return () => form.removeEventListener("input", onInput);
  }, [liveErrors]);
  return <AriaForm {...props} ref={setRef} className={cx("form", className)} />;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === "function") ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}
