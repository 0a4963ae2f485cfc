/**
 * Tools for the store: the offline notice (with the number of changes waiting to be
 * sent), 'Keep screen on' (Screen Wake Lock, shown only where the browser has it).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";

const noSubscribe = () => () => {};

export function ShoppingTools({ online, pending, holdSeconds }: { online: boolean; pending: number; holdSeconds: number | null }) {
  return (
    <>
      <div className="list__tools">
        <WakeLockToggle />
      </div>
      <output className="list__offline" data-offline={online ? undefined : ""} aria-live="polite">
        {syncStatus(online, pending, holdSeconds)}
      </output>
    </>
  );
}

const changesAre = (n: number) => `${n} ${n === 1 ? "change is" : "changes are"}`;

/** "in 30 seconds", "in about a minute", "in about 3 minutes". */
export function inAbout(seconds: number): string {
  if (seconds < 45) return `in ${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "in about a minute" : `in about ${minutes} minutes`;
}

/**
 * The status line under the list (docs/product/messages.md): offline, saving, or holding after the
 * server asked the page to slow down (a 429: the changes wait on this device, one calm line instead of errors).
 */
export function syncStatus(online: boolean, pending: number, holdSeconds: number | null): string {
  if (!online)
    return `You're offline. ${pending > 0 ? `${changesAre(pending)} saved on this device and will be sent when you're back online.` : "Changes are saved on this device and sent when you're back online."}`;
  if (pending === 0) return "";
  if (holdSeconds !== null)
    return `Saving is paused for a moment. ${changesAre(pending)} saved on this device and will be sent ${inAbout(holdSeconds)}.`;
  return `Saving ${pending} ${pending === 1 ? "change" : "changes"}...`;
}

/**
 * 'Keep screen on': holds a screen wake lock while shopping, taken again when the page comes back into view;
 * when the browser refuses, the button goes back off and a toast says why.
 */
export function WakeLockToggle() {
  const supported = useSyncExternalStore(
    noSubscribe,
    () => "wakeLock" in navigator,
    () => false,
  );
  const [on, setOn] = useState(false);
  const lock = useRef<WakeLockSentinel | null>(null);

  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    const acquire = async () => {
      try {
        const sentinel = await navigator.wakeLock.request("screen");
        if (cancelled) {
          void sentinel.release();
          return;
        }
        lock.current = sentinel;
      } catch {
        // Refused (battery saver, a background tab, a browser setting): say so rather than look on.
        if (cancelled) return;
        setOn(false);
        toast({
          title: "The screen can't stay on",
          description: "Your browser refused to keep the screen on (battery saver may be on). It will turn off as usual.",
          variant: "destructive",
        });
      }
    };
    void acquire();
    // The browser releases the lock when the page is hidden: take it again on return.
    const onVisible = () => {
      if (document.visibilityState === "visible" && (!lock.current || lock.current.released)) void acquire();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      cancelled = true;
      document.removeEventListener("visibilitychange", onVisible);
      void lock.current?.release();
      lock.current = null;
    };
  }, [on]);

  if (!supported) return null;
  return (
    <Button variant={on ? "primary" : "outline"} size="sm" aria-pressed={on} onPress={() => setOn((v) => !v)}>
      Keep screen on
    </Button>
  );
}
