/**
 * Dates in the reader's own locale and time zone. The server knows neither: the server HTML and
 * the hydrating render show the UTC date in one fixed en-US format (so hydration matches), then
 * the browser's own. `withTime` adds hours and minutes (history cards, sessions' last seen).
 */
import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};
const inBrowserNow = () => true;
const onServer = () => false;

export function LocalDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const inBrowser = useSyncExternalStore(noSubscribe, inBrowserNow, onServer);
  const date = new Date(iso);
  const time: Intl.DateTimeFormatOptions = withTime ? { hour: "numeric", minute: "2-digit" } : {};
  const text = inBrowser
    ? date.toLocaleString(undefined, { year: "numeric", month: "numeric", day: "numeric", ...time })
    : date.toLocaleString("en-US", {
        timeZone: "UTC",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        ...time,
        ...(withTime ? { timeZoneName: "short" } : {}),
      });
  return <time dateTime={iso}>{text}</time>;
}
