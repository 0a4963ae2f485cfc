/**
 * Whether the browser says it is online, as a React hook (the list page and the shared page show the
 * offline line with it, decision 0114). Its own small module: the shared page needs it without the
 * list page's sync code.
 */
import { useSyncExternalStore } from "react";

function subscribeOnline(cb: () => void) {
  window.addEventListener("online", cb);
  window.addEventListener("offline", cb);
  return () => {
    window.removeEventListener("online", cb);
    window.removeEventListener("offline", cb);
  };
}

/** Whether the browser says it is online (true while rendering on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
