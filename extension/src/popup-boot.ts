/**
 * popup.html's only script (decision 0024). The page paints its static shell (the popup's loading
 * state, styles inline) before anything here runs; the app (React, the extension API, src/popup.tsx)
 * is imported from the first frame's requestAnimationFrame callback, so its fetch, compile and first
 * render always come after that frame is painted. A hidden page never gets a frame: it loads at once;
 * and should a visible one get none for a while (a popup prepared before it is shown), it loads then.
 */
/**
 * The shell's few words in the browser's language before its first paint (the synchronous
 * `chrome.i18n`, no module loaded): the same words src/popup.tsx renders while loading.
 */
function localiseShell(): void {
  const i18n = (globalThis as { chrome?: { i18n?: { getMessage(key: string): string; getUILanguage(): string } } }).chrome?.i18n;
  if (!i18n) return;
  document.documentElement.lang = i18n.getUILanguage();
  const words: [string, string][] = [
    [".popup__head .link", "options"],
    [".popup__page .muted", "loading"],
    [".popup > .btn--primary", "actionTitle"],
  ];
  for (const [selector, key] of words) {
    const text = i18n.getMessage(key);
    const el = document.querySelector(selector);
    if (el && text) el.textContent = text;
  }
  const title = i18n.getMessage("actionTitle");
  if (title) document.title = title;
}
localiseShell();

let started = false;

function start(): void {
  if (started) return;
  started = true;
  performance.mark("popup-app-start");
  import("./popup.tsx")
    .then((app) => app.startPopup())
    .catch((err: unknown) => {
      console.error(err);
      // The shell stays; say why nothing happens instead of 'Loading…' forever.
      document.querySelector(".popup")?.setAttribute("aria-busy", "false");
      const status = document.querySelector(".popup__page");
      if (status)
        status.textContent =
          (globalThis as { chrome?: { i18n?: { getMessage(key: string): string } } }).chrome?.i18n?.getMessage("startFailed") ||
          "recipecart could not start. Close this window and try again.";
    });
}

/** Far beyond a first frame (about 16 ms; some 100 ms on a loaded machine). */
const NO_FRAME_MS = 500;

if (document.visibilityState === "hidden") start();
else {
  requestAnimationFrame(start);
  setTimeout(start, NO_FRAME_MS);
}
