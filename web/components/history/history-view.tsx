/**
 * List history (docs/product/screens.md /history and the dashboard's history tab): a search box with
 * Search and Clear (the search runs as you type; submitting runs it at once), 'Showing N results for
 * "…"', list cards with the view dialog, the favourite toggle and Delete after the prompt, and the
 * empty states 'No matching lists found' / 'No shopping lists yet'. The lists come from the route
 * loader; the search lives in the address (?search=), so a reload or a shared link keeps it.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { ShoppingListSummary } from "../../../core/api/favorites.ts";
import { HISTORY_SEARCH_MAX } from "../../../core/api/constants.ts";
import { Button } from "../../ui/button.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { deleteList } from "../favorites/favorites-actions.ts";
import { ListCard } from "../favorites/list-card.tsx";

/** Typing pause before the search runs. */
const SEARCH_DELAY_MS = 300;

export interface HistoryViewProps {
  lists: ShoppingListSummary[];
  /** The search the lists answer (trimmed), or null. */
  search: string | null;
  /** Set when the loader could not read the lists. */
  failed?: boolean;
  headingLevel?: "h1" | "h2";
  title: string;
}

export function HistoryView({ lists, search, failed, headingLevel = "h2", title }: HistoryViewProps) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [text, setText] = useState(search ?? "");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const H = headingLevel;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function run(value: string) {
    if (timer.current) clearTimeout(timer.current);
    const next = new URLSearchParams(params);
    const trimmed = value.trim();
    if ((next.get("search") ?? "") === trimmed) return;
    if (trimmed) next.set("search", trimmed);
    else next.delete("search");
    setParams(next, { replace: true, preventScrollReset: true });
  }

  function onChange(value: string) {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => run(value), SEARCH_DELAY_MS);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    run(text);
  }

  const searching = navigation.state === "loading";
  return (
    <section aria-labelledby="history-title" aria-busy={searching || undefined}>
      <div className="section-head">
        <H id="history-title">{title}</H>
      </div>
      <form className="history-search" onSubmit={onSubmit} aria-label="Search your lists">
        <TextField
          label="Search by list name, ingredient or recipe"
          type="search"
          name="search"
          value={text}
          onChange={onChange}
          maxLength={HISTORY_SEARCH_MAX}
          autoComplete="off"
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
        <Button
          variant="outline"
          isDisabled={!text && !search}
          onPress={() => {
            setText("");
            run("");
          }}
        >
          Clear
        </Button>
      </form>
      {search ? (
        <p className="history-search__summary" role="status">
          Showing {lists.length} {lists.length === 1 ? "result" : "results"} for "{search}"
        </p>
      ) : null}
      {failed ? (
        <p className="empty-state" role="alert">
          Failed to fetch shopping lists
        </p>
      ) : lists.length === 0 ? (
        <p className="empty-state">{search ? "No matching lists found" : "No shopping lists yet"}</p>
      ) : (
        <ul className="fav-cards" aria-label="Shopping lists">
          {lists.map((l) => (
            <ListCard
              key={l.id}
              list={l}
              history={{
                onFavoriteChanged: () => revalidator.revalidate(),
                onDelete: (list) => deleteList(list, () => revalidator.revalidate()),
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
