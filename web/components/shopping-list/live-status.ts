/**
 * The live channel's state in words (decision 0037), for a polite live region on the list page so a screen reader
 * hears it too: once a page that was live has been cut off for a moment, 'Reconnecting…'; when it is live again,
 * 'Live again: …' for a few seconds. A blip shorter than the quiet moment says nothing. Offline is said by the
 * offline line instead, and an ended access by its own alert (REVOKED_TEXT).
 */
import { useEffect, useRef, useState } from "react";
import type { RevokeReason } from "../../../core/api/live.ts";
import type { LiveState } from "./live-connection.ts";

/** What the page says once its access ended (docs/product/households.md). */
export const REVOKED_TEXT: Record<RevokeReason, string> = {
  access: "You are no longer a member of this list's household, so it no longer updates here and you cannot change it.",
  deleted: "This list has been deleted. It no longer updates here.",
  unshared: "This list is no longer shared with your household, so it no longer updates here and you cannot change it.",
  household_deleted:
    "The household was deleted, so this list is no longer shared with you: it no longer updates here and you cannot change it.",
};

export const RECONNECTING_TEXT = "Connection lost. Reconnecting… Changes made elsewhere will show here once the list is live again.";
export const LIVE_AGAIN_TEXT = "Live again: the list is up to date.";
/** How long a connection may be down before the page says so. */
export const QUIET_MS = 2_000;
/** How long 'Live again' stays. */
export const LIVE_AGAIN_MS = 5_000;

export function useLiveStatus(state: LiveState, online: boolean, ended: boolean): string {
  const [text, setText] = useState("");
  /** The channel has been open on this page. */
  const wasOpen = useRef(false);
  /** The page said the connection was lost (or it was offline meanwhile): 'Live again' follows. */
  const lost = useRef(false);
  /** When the channel last stopped being open (retries flap between connecting and closed meanwhile). */
  const downSince = useRef<number | null>(null);

  useEffect(() => {
    if (ended || state === "unavailable") {
      lost.current = false;
      downSince.current = null;
      setText("");
      return;
    }
    if (state === "open") {
      wasOpen.current = true;
      downSince.current = null;
      if (lost.current) {
        lost.current = false;
        setText(LIVE_AGAIN_TEXT);
      }
      return;
    }
    if (!wasOpen.current) return;
    const say = () => {
      lost.current = true;
      // Offline, the offline line says it (and 'Live again' still follows).
      setText(online ? RECONNECTING_TEXT : "");
    };
    downSince.current ??= Date.now();
    const wait = QUIET_MS - (Date.now() - downSince.current);
    if (lost.current || wait <= 0) {
      say();
      return;
    }
    const t = window.setTimeout(say, wait);
    return () => window.clearTimeout(t);
  }, [state, online, ended]);

  // 'Live again' goes after a few seconds.
  useEffect(() => {
    if (text !== LIVE_AGAIN_TEXT) return;
    const t = window.setTimeout(() => setText(""), LIVE_AGAIN_MS);
    return () => window.clearTimeout(t);
  }, [text]);

  return text;
}
