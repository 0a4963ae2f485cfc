/**
 * The last context-menu failure: '!' on the toolbar button until the popup has shown it.
 */
import browser from "webextension-polyfill";
import { t } from "./i18n.ts";

export interface LastProblem {
  message: string;
  pageUrl: string;
}

const KEY = "lastProblem";

export async function setLastProblem(problem: LastProblem | null): Promise<void> {
  if (problem) {
    await browser.storage.local.set({ [KEY]: problem });
    await browser.action.setBadgeBackgroundColor({ color: "#b42318" });
    await browser.action.setBadgeText({ text: "!" });
    await browser.action.setTitle({ title: t("actionProblem", { message: problem.message }) });
  } else {
    await browser.storage.local.remove(KEY);
    await browser.action.setBadgeText({ text: "" });
    await browser.action.setTitle({ title: t("actionTitle") });
  }
}

/** Reads and clears the last failure. */
export async function takeLastProblem(): Promise<LastProblem | null> {
  const got = await browser.storage.local.get(KEY);
  const problem = (got[KEY] as LastProblem | undefined) ?? null;
  if (problem) await setLastProblem(null);
  return problem;
}
