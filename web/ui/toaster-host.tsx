/**
 * Mounts the toast region (web/ui/toaster.tsx) without putting its code in the first-load
 * bundle: the region only exists while a toast shows (decision 0051), so its chunk is fetched
 * when the browser is idle after hydration and mounted on the first toast at the latest
 * (docs/decisions/0064-home-first-load-js.md). Mount exactly once, where <Toaster> was.
 */
import { Suspense, lazy, useEffect, useState } from "react";
import { whenIdle } from "../lib/idle.ts";
import { toastQueue } from "../lib/toast.ts";

const loadToaster = () => import("./toaster.tsx");
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

export function ToasterHost() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    if (toastQueue.visibleToasts.length > 0) {
      setMounted(true);
      return;
    }
    const unsubscribe = toastQueue.subscribe(() => setMounted(true));
    const cancelIdle = whenIdle(() => {
      void loadToaster().then(() => setMounted(true));
    });
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
