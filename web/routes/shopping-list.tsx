/**
 * /shopping-list/{id}: one list, fetched from the API in the browser (so removing an item just
 * fetches it again). Without an id: 'Shopping List Not Found'.
 */
import { useCallback, useEffect, useState } from "react";
import type { ShoppingList } from "../../core/api/lists.ts";
import { ShoppingListView } from "../components/shopping-list/shopping-list-view.tsx";
import { api, ApiError } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { Button } from "../ui/button.tsx";
import { Link } from "../ui/link.tsx";
import { Spinner } from "../ui/spinner.tsx";
import type { Route } from "./+types/shopping-list.ts";
import "../styles/list.css";

export function meta({ params }: Route.MetaArgs) {
  // Lists are private to whoever holds the link: personal = noindex.
  return pageMeta({
    title: params.id ? "Shopping list" : "Shopping List Not Found",
    description: "A shopping list made from recipes, grouped by store category.",
    personal: true,
  });
}

type Load = { state: "loading" } | { state: "ready"; list: ShoppingList } | { state: "missing" } | { state: "failed" };

export default function ShoppingListPage({ params }: Route.ComponentProps) {
  const id = params.id;
  const [load, setLoad] = useState<Load>({ state: "loading" });

  const fetchList = useCallback(async () => {
    if (!id) return;
    try {
      const list = await api.lists.get(id);
      setLoad({ state: "ready", list });
    } catch (err) {
      setLoad({ state: err instanceof ApiError && err.status === 404 ? "missing" : "failed" });
    }
  }, [id]);

  useEffect(() => {
    setLoad({ state: "loading" });
    void fetchList();
  }, [fetchList]);

  if (!id || load.state === "missing") return <NotFound withId={Boolean(id)} />;
  return (
    <div className="list-page">
      {load.state === "loading" ? (
        <div className="list-page__status">
          <Spinner label="Loading shopping list" />
        </div>
      ) : load.state === "failed" ? (
        <div className="list-page__status" role="alert">
          <p>Failed to load shopping list. Please try again.</p>
          <div className="list-page__buttons">
            <Button
              onPress={() => {
                setLoad({ state: "loading" });
                void fetchList();
              }}
            >
              Try again
            </Button>
            <Link variant="outline" href="/">
              Back to Home
            </Link>
          </div>
        </div>
      ) : (
        <>
          <ShoppingListView list={load.list} onChanged={fetchList} />
          <p className="list-page__back">
            <Link href="/">Back to Home</Link>
          </p>
        </>
      )}
    </div>
  );
}

function NotFound({ withId }: { withId: boolean }) {
  return (
    <div className="list-page list-page__status">
      <h1>Shopping List Not Found</h1>
      <p>
        {withId
          ? "This shopping list does not exist, or it has been deleted."
          : "No shopping list was chosen. Add recipes on the home page to make one."}
      </p>
      <Link variant="primary" href="/">
        Back to Home
      </Link>
    </div>
  );
}
