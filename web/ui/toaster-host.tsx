/**
 * Mounts the toast region (web/ui/toaster.tsx) without putting its code in the first-load
 * bundle: the region only exists while a toast shows (decision 0014), so its chunk is fetched
 * at the visitor's first interaction, and on the first toast at the latest
 * (docs/decisions/0017-home-first-load.md). Mount exactly once, where <Toaster> was.
 */
import { useEffect } from "react";
import { onFirstInteraction } from "../lib/interaction.ts";
import { lazyPart, useLazyPart } from "../lib/lazy-part.ts";
import { toastQueue } from "../lib/toast.ts";

const toaster = lazyPart(() => import("./toaster.tsx").then((m) => m.Toaster));

export function ToasterHost() {
  const [Toaster, request] = useLazyPart(toaster);
  useEffect(() => {
    if (Toaster) return;
    const load = () => void request();
    if (toastQueue.visibleToasts.length > 0) load();
    // Every toast asks again, so a failed load is retried by the next one.
    const unsubscribe = toastQueue.subscribe(load);
    const cancelInteraction = onFirstInteraction(load);
    return () => {
      unsubscribe();
      cancelInteraction();
    };
  }, [Toaster, request]);
  return Toaster ? <Toaster /> : null;
}
