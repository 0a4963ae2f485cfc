/**
 * Shared e2e helpers for accessibility and toasts: axe-core's serious and critical violations of the
 * page as it is (after overlays and transitions finish animating: a half-faded element is not what
 * anyone reads), and waiting for a toast by its title. react-aria's off-screen live announcer is left
 * out of axe: after a toast or a pending button it holds, for a few seconds, a role="img" node labelled
 * by something that may be gone by then; it is a transient screen-reader message, not page content.
 */
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

const AXE = path.resolve(import.meta.dirname, "..", "node_modules", "axe-core", "axe.min.js");

/** Serious and critical violations, as "id: html, ..."; only inside `include` (a selector) when given. */
export async function axeSerious(page: Page, opts: { include?: string } = {}): Promise<string[]> {
  await page.waitForFunction(
    () =>
      !document.querySelector("[data-entering], [data-exiting]") &&
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (include) => {
    type Result = { violations: { id: string; impact: string; nodes: { html: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: unknown) => Promise<Result> } }).axe;
    const result = await axe.run({ ...(include ? { include: [[include]] } : {}), exclude: [["[data-live-announcer]"]] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.html.slice(0, 160)) }));
  }, opts.include ?? null);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.targets.join(", ")}`);
}

/** The first toast showing with exactly this title. */
export const toastTitled = (page: Page, title: string): Locator =>
  page
    .getByTestId("toast-region")
    .locator(".toast")
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();

/** Waits for a toast with this title (and description, when given); closes it unless `close` is false. */
export async function expectToast(page: Page, title: string, description?: string | RegExp, close = true): Promise<void> {
  const toast = toastTitled(page, title);
  await toast.waitFor({ timeout: 10_000 });
  if (description !== undefined) {
    const text = await toast.locator(".toast__description").innerText();
    if (typeof description === "string") expect(text).toBe(description);
    else expect(text).toMatch(description);
  }
  if (!close) return;
  await toast.locator(".toast__close").click();
  await toast.waitFor({ state: "detached" });
}

/** The page is no wider than the viewport (nothing scrolls sideways on a phone); names what sticks out if it is. */
export async function noHorizontalScroll(page: Page): Promise<void> {
  const { scroll, client, wide } = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > client + 1)
      // Content of a container that scrolls on its own (a table, a tab list) is not the page's.
      .filter((el) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowX)) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scroll: document.documentElement.scrollWidth, client, wide };
  });
  expect(scroll, wide.join("; ")).toBeLessThanOrEqual(client);
}

/** Closes every toast showing (one may sit over a dialog's buttons on a phone while the pointer rests on it). */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId("toast-region").locator(".toast");
  while ((await toasts.count()) > 0) {
    const toast = toasts.first();
    await toast.locator(".toast__close").click();
    await toast.waitFor({ state: "detached" });
  }
}
