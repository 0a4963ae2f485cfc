/**
 * Where the returning visitor's last list shows on the home page (docs/product/screens.md). The list id is
 * read from local storage after hydration, so the server never renders the list view: its code (the list,
 * the e-mail and order buttons) is a separate chunk (decision 0147), and until it arrives this slot shows
 * the list view's own loading state in the same place.
 *
 * The list sits below the recipe card, under the fold on a phone: the chunk, the API client and the list's
 * request start when the slot comes within half a screen of the viewport (watched from the window's load
 * on, once the recipe card above has its rows) or at the visitor's first pointer, key, focus or touch event
 * (a touch that starts a scroll included), whichever comes first (decision 0152).
 * A visitor who only looks at the top of the page costs no list work; scrolling or tabbing down finds it
 * loaded or loading. The slot is in the page (heading, busy text) from the start, so screen readers and the
 * header's Features link find it.
 */
import { useEffect, useRef, useState } from "react";
import { afterLoad, onFirstInteraction } from "../../lib/interaction.ts";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";

const listView = lazyPart(() => import("./list-view.tsx").then((m) => m.ListView));

/** How far below the viewport the slot starts loading: half a screen. */
const NEAR = "0px 0px 50% 0px";

export function ListViewSlot({ listId }: { listId: string }) {
  const [ListView, request] = useLazyPart(listView);
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ListView || wanted) return;
    const want = () => setWanted(true);
    const stopInteraction = onFirstInteraction(want);
    let observer: IntersectionObserver | null = null;
    // Watched from the window's load on: the recipe card above is still growing into its rows until then.
    const stopWaiting = afterLoad(() => {
      const el = ref.current;
      if (!el || typeof IntersectionObserver === "undefined") return want();
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), { rootMargin: NEAR });
      observer.observe(el);
    });
    return () => {
      stopInteraction();
      stopWaiting();
      observer?.disconnect();
    };
  }, [ListView, wanted]);
  useEffect(() => {
    if (ListView || !wanted) return;
    let live = true;
    void request().then((loaded) => live && setFailed(!loaded));
    return () => {
      live = false;
    };
  }, [ListView, wanted, request]);
  if (ListView) return <ListView listId={listId} />;
  return (
    <section id="features" className="section list-view" aria-labelledby="list-view-title" ref={ref}>
      <div className="list-view__head">
        <h2 id="list-view-title" className="section__title">
          Your shopping list
        </h2>
      </div>
      {failed ? <p>Failed to load shopping list. Please try again.</p> : <p aria-busy="true">Loading your list…</p>}
    </section>
  );
}
