/**
 * Where the returning visitor's last list shows on the home page (docs/product/screens.md). The list id is
 * read from local storage after hydration, so the server never renders the list view: its code (the list,
 * the e-mail and order buttons) is a separate chunk fetched when a list id is there (decision 0147), and
 * until it arrives this slot shows the list view's own loading state in the same place.
 */
import { useEffect, useState } from "react";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";

const listView = lazyPart(() => import("./list-view.tsx").then((m) => m.ListView));

export function ListViewSlot({ listId }: { listId: string }) {
  const [ListView, request] = useLazyPart(listView);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (ListView) return;
    let live = true;
    void request().then((loaded) => live && setFailed(!loaded));
    return () => {
      live = false;
    };
  }, [ListView, request]);
  if (ListView) return <ListView listId={listId} />;
  return (
    <section id="features" className="section list-view" aria-labelledby="list-view-title">
      <div className="list-view__head">
        <h2 id="list-view-title" className="section__title">
          Your shopping list
        </h2>
      </div>
      {failed ? <p>Failed to load shopping list. Please try again.</p> : <p aria-busy="true">Loading your list…</p>}
    </section>
  );
}
