/**
 * popup.html's only script (decision 0024). The page paints its static shell (the popup's loading
 * state, styles inline) before anything here runs; the app (React, the extension API, src/popup.tsx)
 * is imported from the first frame's requestAnimationFrame callback, so its fetch, compile and first
 * render always come after that frame is painted. A hidden page never gets a frame: it loads at once;
 * and should a visible one get none for a while (a popup prepared before it is shown), it loads then.
 */
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
      if (status) status.textContent = "recipecart could not start. Close this window and try again.";
    });
}

/** Far beyond a first frame (about 16 ms; some 100 ms on a loaded machine). */
const NO_FRAME_MS = 500;

if (document.visibilityState === "hidden") start();
else {
  requestAnimationFrame(start);
  setTimeout(start, NO_FRAME_MS);
}
