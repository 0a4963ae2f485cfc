import type { RefObject } from "react";

/** Focuses the named field of a form (after React has shown its error). */
export function focusField(form: RefObject<HTMLFormElement | null>, name: string) {
  requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus());
}
