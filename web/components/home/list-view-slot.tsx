/**
 * Where the returning visitor's last list shows on the home page (docs/product/screens.md). The list id is
 * read from local storage after hydration, so the server never renders the list view: its code (the list,
 * the e-mail and order buttons) is a separate chunk (decision 0017), and until it arrives this slot shows
 * the list view's own loading state in the same place.
 *
 * The list sits below the recipe card, under the fold on a phone: the chunk, the API client and the list's
 * request start when the slot is on screen, at the first scroll, or at the visitor's first pointer, key,
 * focus or touch event, whichever comes first (decision 0017). A visitor who only looks at the top of the
 * page costs no list work; one who scrolls or tabs down finds it loaded or loading. The slot is in the page (heading, busy text) from the start, so screen readers and the
 * header's Features link find it.
 */
import { useEffect, useRef, useState } from "react";
import { onFirstInteraction } from "../../lib/interaction.ts";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";

const listView = lazyPart(() => import("./list-view.tsx").then((m) => m.ListView));

export function ListViewSlot({ listId }: { listId: string }) {
  const [ListView, request] = useLazyPart(listView);
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ListView || wanted) return;
    const want = () => setWanted(true);
    const stopInteraction = onFirstInteraction(want);
    // Any scroll (wheel, keys, scrollbar, a screen reader moving on) starts it too.
    window.addEventListener("scroll", want, { once: true, passive: true });
    const el = ref.current;
    const observer =
      el && typeof IntersectionObserver !== "undefined"
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want())
        : null;
    if (el && observer) observer.observe(el);
    else want();
    return () => {
      stopInteraction();
      window.removeEventListener("scroll", want);
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
