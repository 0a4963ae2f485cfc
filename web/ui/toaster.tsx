/**
 * Renders the app's toast queue (web/lib/toast.ts) with react-aria-components' toast region:
 * a labelled landmark, each toast an alertdialog with a title, description and close button.
 * Adds what docs/product/constants.md asks on top: F8 moves focus to the region, and a rightward swipe past
 * 50 px (pointer events, so mouse, pen and touch) dismisses, and the toast moves to the top rather than
 * cover the focused control or a dialog's primary action. Mount exactly once.
 */
import { type PointerEvent, type RefObject, useEffect, useRef } from "react";
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import type { QueuedToast } from "react-aria-components";
import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, type ToastContent as Content, toastQueue } from "../lib/toast.ts";

export function Toaster() {
  const regionRef = useRef<HTMLDivElement>(null);
  useClearOfControls(regionRef);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== TOAST_HOTKEY || e.altKey || e.ctrlKey || e.metaKey) return;
      const region = regionRef.current;
      if (!region) return;
      e.preventDefault();
      if (!region.hasAttribute("tabindex")) region.tabIndex = -1;
      region.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <ToastRegion
      ref={regionRef}
      queue={toastQueue}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      className="toast-region"
      data-testid="toast-region"
    >
      {({ toast }) => <ToastItem toast={toast} />}
    </ToastRegion>
  );
}

/** What a toast must never cover: the focused control, and the primary action of an open dialog. */
function controlsToKeepClear(region: HTMLElement): Element[] {
  const focused = document.activeElement;
  const controls = [...document.querySelectorAll(".modal .btn--primary")];
  if (focused && focused !== document.body) controls.push(focused);
  return controls.filter((el) => !region.contains(el));
}

const overlap = (a: DOMRect, b: DOMRect) =>
  a.width > 0 && a.height > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Keeps the toast clear of what the user is working with (decision 0042): at the bottom by default,
 * at the top when it would cover the focused control or a dialog's primary action there (a store
 * card, 'Create Order', 'Generate Shopping List' on a phone). Checked when a toast shows, focus
 * moves, or the page scrolls or resizes; never while the toast itself is pressed or focused.
 */
function useClearOfControls(regionRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    let frame = 0;
    /** A pointer is pressed on the region (a tap on Close, a swipe). */
    let pressed = false;
    function place() {
      const region = regionRef.current;
      if (!region) return;
      const toastEl = region.querySelector(".toast");
      if (!toastEl) {
        delete region.dataset.placement;
        return;
      }
      // A toast being used stays where it is: pressing Close (or swiping) focuses the toast, and moving it then would
      // take it from under the finger, so the press would miss and the focused toast would never close.
      if (pressed || region.contains(document.activeElement)) return;
      const controls = controlsToKeepClear(region).map((el) => el.getBoundingClientRect());
      const covers = () => {
        const box = toastEl.getBoundingClientRect();
        return controls.some((c) => overlap(c, box));
      };
      for (const placement of ["bottom", "top"]) {
        region.dataset.placement = placement;
        if (!covers()) return;
      }
      // Covers something either way: the bottom, where it is expected.
      region.dataset.placement = "bottom";
    }
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const press = (e: Event) => {
      pressed = !!regionRef.current?.contains(e.target as Node);
    };
    const release = () => {
      if (!pressed) return;
      pressed = false;
      check();
    };
    check();
    const unsubscribe = toastQueue.subscribe(check);
    document.addEventListener("focusin", check);
    document.addEventListener("pointerdown", press, true);
    document.addEventListener("pointerup", release, true);
    document.addEventListener("pointercancel", release, true);
    window.addEventListener("resize", check);
    window.addEventListener("scroll", check, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
      document.removeEventListener("focusin", check);
      document.removeEventListener("pointerdown", press, true);
      document.removeEventListener("pointerup", release, true);
      document.removeEventListener("pointercancel", release, true);
      window.removeEventListener("resize", check);
      window.removeEventListener("scroll", check, { capture: true });
    };
  }, [regionRef]);
}

function ToastItem({ toast }: { toast: QueuedToast<Content> }) {
  const swipe = useSwipeToDismiss(() => toastQueue.close(toast.key));
  return (
    <Toast toast={toast} className={`toast toast--${toast.content.variant}`} data-variant={toast.content.variant} {...swipe}>
      <ToastContent className="toast__content">
        <Text slot="title" className="toast__title">
          {toast.content.title}
        </Text>
        {toast.content.description ? (
          <Text slot="description" className="toast__description">
            {toast.content.description}
          </Text>
        ) : null}
      </ToastContent>
      {toast.content.action ? (
        <Button
          className="toast__action"
          onPress={() => {
            toast.content.action?.onAction();
            toastQueue.close(toast.key);
          }}
        >
          {toast.content.action.label}
        </Button>
      ) : null}
      <Button slot="close" className="toast__close">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Button>
    </Toast>
  );
}

/**
 * Pointer-driven horizontal swipe: the toast follows the pointer to the right and closes when
 * released past TOAST_SWIPE_THRESHOLD_PX; otherwise it springs back. Presses on buttons inside
 * the toast are left alone so the close button keeps working.
 */
function useSwipeToDismiss(onDismiss: () => void) {
  const start = useRef<{ x: number; id: number } | null>(null);
  const dx = useRef(0);

  function reset(el: HTMLElement) {
    start.current = null;
    dx.current = 0;
    el.style.transform = "";
    el.style.opacity = "";
    delete el.dataset.swiping;
  }

  return {
    onPointerDown(e: PointerEvent<HTMLDivElement>) {
      if (e.button !== 0 || (e.target as Element).closest("button")) return;
      start.current = { x: e.clientX, id: e.pointerId };
      dx.current = 0;
    },
    onPointerMove(e: PointerEvent<HTMLDivElement>) {
      if (!start.current || start.current.id !== e.pointerId) return;
      dx.current = Math.max(0, e.clientX - start.current.x);
      const el = e.currentTarget;
      if (dx.current > 2 && !el.hasPointerCapture(e.pointerId)) el.setPointerCapture(e.pointerId);
      el.dataset.swiping = "";
      el.style.transform = `translateX(${dx.current}px)`;
      el.style.opacity = String(Math.max(0.2, 1 - dx.current / 300));
    },
    onPointerUp(e: PointerEvent<HTMLDivElement>) {
      if (!start.current || start.current.id !== e.pointerId) return;
      const passed = dx.current > TOAST_SWIPE_THRESHOLD_PX;
      reset(e.currentTarget);
      if (passed) onDismiss();
    },
    onPointerCancel(e: PointerEvent<HTMLDivElement>) {
      reset(e.currentTarget);
    },
  };
}
