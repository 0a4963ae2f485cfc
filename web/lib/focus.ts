/**
 * Focus management for views that change in place (sign in ⇄ register, form → sent view, the reset
 * steps): when the view key changes after the first render, the new view's heading takes focus so
 * keyboard and screen-reader users start reading there. The heading needs tabIndex={-1}.
 */
import { type RefObject, useEffect, useRef } from "react";

export function useFocusHeadingOnChange(ref: RefObject<HTMLElement | null>, key: unknown): void {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the trigger; the effect runs when the view changes.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key, ref]);
}
