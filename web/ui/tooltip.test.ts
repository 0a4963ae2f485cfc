import { describe, expect, it } from "vitest";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, tooltipOpenDelay } from "./tooltip.tsx";

describe("tooltip timing (docs/product/constants.md: 700 ms open delay, 300 ms skip delay)", () => {
  const cold = { now: 10_000, keyboard: false, openTooltips: 0, lastClosedAt: Number.NEGATIVE_INFINITY };

  it("uses the specified constants", () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it("waits 700 ms on a first hover", () => {
    expect(tooltipOpenDelay(cold)).toBe(700);
  });

  it("opens at once on keyboard focus", () => {
    expect(tooltipOpenDelay({ ...cold, keyboard: true })).toBe(0);
  });

  it("opens at once while another tooltip is open", () => {
    expect(tooltipOpenDelay({ ...cold, openTooltips: 1 })).toBe(0);
  });

  it("opens at once within 300 ms of another closing, and waits again after", () => {
    expect(tooltipOpenDelay({ ...cold, lastClosedAt: 10_000 - 300 })).toBe(0);
    expect(tooltipOpenDelay({ ...cold, lastClosedAt: 10_000 - 301 })).toBe(700);
    expect(tooltipOpenDelay({ ...cold, lastClosedAt: 10_000 - 450 })).toBe(700);
  });
});
