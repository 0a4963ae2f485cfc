/**
 * Tooltip with docs/product/constants.md's timing: opens after 700 ms of hover, at once on keyboard focus, and
 * once one tooltip has shown, the next opens at once if the pointer reaches it within 300 ms
 * (the "skip delay"). react-aria's own warm-up window is fixed at 500 ms, so the trigger is
 * controlled here and react-aria only reports hover/focus (docs/decisions/0014-ui-system.md).
 *
 * <Tooltip content="Add to favourites"><Button aria-label="Favourite">♥</Button></Tooltip>
 */
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from "react";
import { OverlayArrow, Tooltip as AriaTooltip, TooltipTrigger } from "react-aria-components";

/** docs/product/constants.md: hover time before a tooltip opens. */
export const TOOLTIP_DELAY_MS = 700;
/** docs/product/constants.md: after a tooltip closes, another opens without delay for this long. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Shared by every tooltip on the page: how many are open, and when the last one closed. */
const warmth = { open: 0, lastClosedAt: Number.NEGATIVE_INFINITY };

/**
 * How long to wait before opening a tooltip that was just asked for: 0 when asked for by
 * keyboard focus, when another tooltip is open, or within the skip delay after one closed;
 * otherwise the hover delay.
 */
export function tooltipOpenDelay(opts: {
  now: number;
  keyboard: boolean;
  openTooltips: number;
  lastClosedAt: number;
  delay?: number;
  skipDelay?: number;
}): number {
  const { now, keyboard, openTooltips, lastClosedAt, delay = TOOLTIP_DELAY_MS, skipDelay = TOOLTIP_SKIP_DELAY_MS } = opts;
  if (keyboard || openTooltips > 0 || now - lastClosedAt <= skipDelay) return 0;
  return delay;
}

export interface TooltipProps {
  content: ReactNode;
  /** One focusable react-aria element (Button, Link, ToggleButton…). */
  children: ReactElement;
  placement?: "top" | "bottom" | "left" | "right";
  delay?: number;
  isDisabled?: boolean;
}

export function Tooltip({ content, children, placement = "top", delay = TOOLTIP_DELAY_MS, isDisabled }: TooltipProps) {
  const [isOpen, setIsOpen] = useState(false);
  const openRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setOpen = (next: boolean) => {
    if (next === openRef.current) return;
    openRef.current = next;
    if (next) warmth.open++;
    else {
      warmth.open--;
      warmth.lastClosedAt = Date.now();
    }
    setIsOpen(next);
  };

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (openRef.current) {
        openRef.current = false;
        warmth.open--;
        warmth.lastClosedAt = Date.now();
      }
    },
    [],
  );

  const onOpenChange = (next: boolean) => {
    clearTimeout(timer.current);
    if (!next) return setOpen(false);
    const active = document.activeElement;
    const wait = tooltipOpenDelay({
      now: Date.now(),
      keyboard: !!active && active !== document.body && active.matches(":focus-visible"),
      openTooltips: warmth.open,
      lastClosedAt: warmth.lastClosedAt,
      delay,
    });
    if (wait === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), wait);
  };

  return (
    <TooltipTrigger delay={0} closeDelay={0} isDisabled={isDisabled} isOpen={isOpen} onOpenChange={onOpenChange}>
      {children}
      <AriaTooltip className="tooltip" placement={placement} offset={8}>
        <OverlayArrow className="tooltip__arrow">
          <svg aria-hidden="true" width="8" height="8" viewBox="0 0 8 8">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
