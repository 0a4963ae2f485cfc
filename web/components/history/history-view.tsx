/**
 * List history (docs/product/screens.md /history and the dashboard's history tab): a search box with
 * Search and Clear (the search runs as you type; submitting runs it at once), 'Showing N results for
 * "…"', list cards with the view dialog, the favourite toggle and Delete after the prompt, and the
 * empty states 'No matching lists found' / 'No shopping lists yet'. The lists come from the route
 * loader; the search lives in the address (?search=), so a reload or a shared link keeps it.
 * /history pages back through every list: 'Show older' appends the next page (server-side, newest
 * first, a stable order) and moves the focus to its first card; without the script it is a link to that
 * page (?before=). The dashboard's tab shows the newest few and links to the full history.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link as RouterLink, useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { ShoppingListSummary } from "../../../core/api/favorites.ts";
import { HISTORY_SEARCH_MAX } from "../../../core/api/constants.ts";
import { Button } from "../../ui/button.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { deleteList } from "../favorites/favorites-actions.ts";
import { ListCard } from "../favorites/list-card.tsx";
import { api } from "../../lib/api.ts";
import { failureMessage } from "../../lib/form-validation.ts";
import { toast } from "../../lib/toast.ts";

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
  /** /history: 'Show older' through every list (`next` of the loaded page; `before` the page it starts after). */
  paging?: { next: string | null; before: string | null; pageSize: number };
  /** The dashboard's tab: a link to the full history. */
  fullHistoryLink?: boolean;
}

export function HistoryView({ lists: firstPage, search, failed, headingLevel = "h2", title, paging, fullHistoryLink }: HistoryViewProps) {
  // Older pages fetched with 'Show older', after the loader's page; a new search or revalidation starts over.
  const [older, setOlder] = useState<{ lists: ShoppingListSummary[]; next: string | null }>({ lists: [], next: null });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderOf, setOlderOf] = useState(firstPage);
  if (olderOf !== firstPage) {
    setOlderOf(firstPage);
    setOlder({ lists: [], next: null });
  }
  const lists = older.lists.length ? [...firstPage, ...older.lists.filter((l) => !firstPage.some((f) => f.id === l.id))] : firstPage;
  const next = older.lists.length ? older.next : (paging?.next ?? null);
  const listRef = useRef<HTMLUListElement>(null);
  // After 'Show older': the first new card's View button takes the focus (the reader goes on where the new lists start).
  const focusCard = useRef<number | null>(null);
  useEffect(() => {
    if (focusCard.current === null) return;
    const card = listRef.current?.querySelectorAll<HTMLElement>(":scope > li")[focusCard.current];
    focusCard.current = null;
    card?.querySelector<HTMLElement>("[data-card-view]")?.focus();
  });
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

  async function showOlder() {
    if (!next || !paging || loadingOlder) return;
    const shown = lists.length;
    setLoadingOlder(true);
    try {
      const page = await api.users.shoppingLists({ search: search ?? undefined, limit: paging.pageSize, before: next });
      setOlder((o) => ({ lists: [...o.lists, ...page.lists], next: page.next ?? null }));
      focusCard.current = shown;
    } catch (err) {
      toast({ title: "Error", description: failureMessage(err, "Failed to fetch shopping lists"), variant: "destructive" });
    } finally {
      setLoadingOlder(false);
    }
  }

  const olderHref = (cursor: string) => {
    const q = new URLSearchParams(params);
    q.set("before", cursor);
    return `?${q.toString()}`;
  };
  const newestHref = () => {
    const q = new URLSearchParams(params);
    q.delete("before");
    const s = q.toString();
    return s ? `?${s}` : ".";
  };

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
        <ul className="fav-cards" aria-label="Shopping lists" ref={listRef}>
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
      {paging && !failed ? (
        <div className="history-paging">
          {next ? (
            // A link to the older page without the script; with it, the older lists are added below.
            <a
              href={olderHref(next)}
              className="btn btn--outline btn--md"
              aria-busy={loadingOlder || undefined}
              onClick={(e) => {
                e.preventDefault();
                void showOlder();
              }}
            >
              {loadingOlder ? "Loading older lists…" : "Show older"}
            </a>
          ) : lists.length > 0 && (paging.before || older.lists.length) ? (
            <p className="history-paging__end">That's all your lists.</p>
          ) : null}
          {paging.before ? (
            <RouterLink to={newestHref()} className="history-paging__newest">
              Newest lists
            </RouterLink>
          ) : null}
        </div>
      ) : null}
      {fullHistoryLink && !failed && lists.length > 0 ? (
        <p className="history-paging">
          <RouterLink to={search ? `/history?search=${encodeURIComponent(search)}` : "/history"}>See all your lists</RouterLink>
        </p>
      ) : null}
    </section>
  );
}
