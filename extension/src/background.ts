/**
 * Background (Chrome: service worker; Firefox: background script). Owns the context-menu entry
 * 'Add recipe to recipecart' on pages and on selected text: a page is captured and imported like
 * the popup's button does; a selection is sent as a manual recipe. On success the app opens with
 * the recipe in the visitor's list; on failure the toolbar button shows '!' and the popup shows the
 * error the next time it opens.
 */
import browser, { type Menus, type Tabs } from "webextension-polyfill";
import { addPage, addSelection, type AddOutcome } from "./add.ts";
import { captureSelection } from "./capture.ts";
import { AddError } from "./errors.ts";
import { myListUrl } from "./pages.ts";
import { setLastProblem } from "./status.ts";
import { t } from "./i18n.ts";

export const MENU_ID = "recipecart-add";

browser.runtime.onInstalled.addListener(() => {
  // Replaces the entry on every install and update (menus survive restarts; ids must be unique).
  void browser.contextMenus
    .removeAll()
    .then(() => browser.contextMenus.create({ id: MENU_ID, title: t("menuAdd"), contexts: ["page", "selection"] }));
});

/** Handles a click on the menu entry. Exported for the end-to-end test, which cannot click native menus. */
export async function onMenuClick(
  info: Pick<Menus.OnClickData, "menuItemId" | "selectionText" | "pageUrl">,
  tab?: Pick<Tabs.Tab, "id" | "url" | "title" | "index" | "windowId">,
): Promise<AddOutcome | AddError> {
  if (info.menuItemId !== MENU_ID || tab?.id === undefined) return new AddError("no_tab", t("errNoTab"));
  const target = { id: tab.id, url: tab.url ?? info.pageUrl, title: tab.title };
  try {
    let outcome: AddOutcome;
    if (info.selectionText) {
      // Chrome's selectionText has its line breaks collapsed; read the selection from the page.
      const text = (await captureSelection(tab.id)) || info.selectionText;
      outcome = await addSelection(target, text);
    } else {
      outcome = await addPage(target);
    }
    await setLastProblem(null);
    await browser.tabs.create({
      url: myListUrl(outcome.appOrigin, outcome.recipe.id, outcome.recipe.editToken),
      index: (tab.index ?? 0) + 1,
      windowId: tab.windowId,
    });
    return outcome;
  } catch (err) {
    const problem = err instanceof AddError ? err : new AddError("failed", err instanceof Error ? err.message : String(err));
    await setLastProblem({ message: problem.message, pageUrl: target.url ?? "" });
    return problem;
  }
}

browser.contextMenus.onClicked.addListener((info, tab) => {
  void onMenuClick(info, tab);
});

if (__TEST_BUILD__) {
  // The end-to-end test calls the menu handler through the service worker (headless Chromium cannot open native menus).
  (globalThis as unknown as { recipecartTest: unknown }).recipecartTest = { onMenuClick, MENU_ID };
}
