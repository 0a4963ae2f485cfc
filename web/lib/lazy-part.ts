/**
 * Code that the first view does not need, loaded on demand (docs/decisions/0017-home-first-load.md).
 * Unlike React.lazy, a failed chunk load never reaches an error boundary: `load()` retries a few
 * times, then resolves undefined and leaves the part unloaded, so the next request tries again
 * (a deploy or a network blip must not turn the page into an error page).
 *
 * const editor = lazyPart(() => import("./editor.tsx").then((m) => m.Editor));
 * const [Editor, requestEditor] = useLazyPart(editor); // Editor is undefined until loaded
 */
import { useCallback, useEffect, useRef, useState } from "react";

export interface LazyPart<T> {
  /** The loaded value, or undefined. */
  get(): T | undefined;
  /** Loads (once; concurrent calls share the attempt). Resolves undefined when every try failed. */
  load(): Promise<T | undefined>;
}

export function lazyPart<T>(importer: () => Promise<T>, { attempts = 3, delayMs = 500 } = {}): LazyPart<T> {
  let value: T | undefined;
  let pending: Promise<T | undefined> | null = null;
  async function attempt(): Promise<T | undefined> {
    for (let i = 1; ; i++) {
      try {
        value = await importer();
        return value;
      } catch (err) {
        if (i >= attempts) {
          console.warn("Could not load part of the page; will try again on the next use.", err);
          return undefined;
        }
        await new Promise((r) => setTimeout(r, delayMs * i));
      }
    }
  }
  return {
    get: () => value,
    load() {
      if (value !== undefined) return Promise.resolve(value);
      return (pending ??= attempt().finally(() => {
        pending = null;
      }));
    },
  };
}

/**
 * The part for a component: undefined until loaded; `request()` starts loading (when needed)
 * and re-renders with the value once it is there. Its promise resolves undefined when the load
 * failed (so a caller can undo a pending state).
 */
export function useLazyPart<T>(part: LazyPart<T>): [T | undefined, () => Promise<T | undefined>] {
  const [value, setValue] = useState<T | undefined>(() => part.get());
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const request = useCallback(
    () =>
      part.load().then((v) => {
        if (live.current && v !== undefined) setValue(() => v);
        return v;
      }),
    [part],
  );
  return [value, request];
}
