/**
 * App-wide toasts (docs/product/messages.md, constants.md): one visible at a time (the newest), 5000 ms each, variants default and
 * destructive, a title plus an optional description. Any component calls `toast({...})`; the
 * single <Toaster> (mounted on demand by web/ui/toaster-host.tsx in root.tsx, decision 0017) renders the
 * queue. See docs/decisions/0014-ui-system.md.
 */
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";

/** docs/product/constants.md: at most one toast on screen. A new toast replaces the one showing (see toast()). */
export const TOAST_LIMIT = 1;
/** docs/product/constants.md: a toast closes itself after 5 seconds (paused while hovered or focused). */
export const TOAST_DURATION_MS = 5000;
/** docs/product/constants.md: a rightward swipe further than this dismisses the toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** docs/product/constants.md: the key that moves focus to the toast region. */
export const TOAST_HOTKEY = "F8";

export type ToastVariant = "default" | "destructive";

/** A button in the toast ("Undo"): pressing it runs `onAction` and closes the toast. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastContent {
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; defaults to TOAST_DURATION_MS. */
  duration?: number;
  action?: ToastAction;
  /**
   * Called once when the toast goes away for any reason: its time is up, it is closed or swiped,
   * its action was pressed, or a newer toast replaced it.
   */
  onClose?: () => void;
}

/** onClose of every toast still showing or queued (the queue's clear() does not call them). */
const closing = new Map<string, () => void>();

function runPendingCloses(): void {
  const pending = [...closing.values()];
  closing.clear();
  for (const fn of pending) fn();
}

/** The one queue the Toaster renders. Exported for the Toaster and for tests only. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: TOAST_LIMIT });

/**
 * Shows a toast. Safe to call from any event handler; does nothing during server render.
 *
 * @example
 * toast({ title: "Copied to clipboard" });
 * toast({ title: "Error parsing recipe", description: err.message, variant: "destructive" });
 * @returns a function that closes this toast early.
 */
export function toast(input: ToastInput): () => void {
  if (typeof document === "undefined") return () => {};
  // One at a time, newest wins: a stale message must not pop back up after the new one
  // closes, so whatever is showing or waiting is dropped (docs/decisions/0014-ui-system.md).
  runPendingCloses();
  toastQueue.clear();
  const key: string = toastQueue.add(
    { title: input.title, description: input.description, variant: input.variant ?? "default", action: input.action },
    {
      timeout: input.duration ?? TOAST_DURATION_MS,
      onClose: () => {
        const fn = closing.get(key);
        closing.delete(key);
        fn?.();
      },
    },
  );
  if (input.onClose) closing.set(key, input.onClose);
  return () => toastQueue.close(key);
}

/** Closes every toast, visible or queued. */
export function dismissAllToasts(): void {
  runPendingCloses();
  toastQueue.clear();
}
