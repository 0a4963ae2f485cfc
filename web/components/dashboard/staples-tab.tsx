/**
 * The dashboard's Staples tab (decisions 0028 and 0028): the signed-in user's own pantry
 * staples (items that go to 'You probably have' on their next lists instead of the aisles), a field
 * to add one (parsed to the item key the list uses), Remove with Undo, and the built-in staples as
 * checkboxes with Turn all off / Turn all on. Data comes from the dashboard loader; each change calls
 * the API and then revalidates the loader (decision 0034).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Checkbox } from "react-aria-components";
import { useRevalidator } from "react-router";
import { ITEM_TEXT_MAX } from "../../../core/api/constants.ts";
import type { StaplesResponse } from "../../../core/api/staples.ts";
import { api } from "../../lib/api.ts";
import { failureMessage } from "../../lib/form-validation.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { TextField } from "../../ui/text-field.tsx";

/** 'soy sauce' -> 'Soy sauce' (keys are lower case). */
export function stapleLabel(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

const EMPTY_ITEM = "Type an item, like 'flour' or 'soy sauce'.";

export function StaplesTab({ staples }: { staples: StaplesResponse }) {
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  // Built-in staples ticked or unticked whose change is on its way: shown at once, the loader catches up.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const [fresh, setFresh] = useState<string | null>(null);
  const { mine, builtIn, max } = staples;
  const full = mine.length >= max;
  const isOn = (s: { key: string; on: boolean }) => toggled.get(s.key) ?? s.on;
  const builtInOn = builtIn.filter(isOn).length;
  const focusField = () => formRef.current?.querySelector("input")?.focus();
  // After a removal, once the loader's new list is on screen: the Remove button at the removed one's place.
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null || !mine) return;
    focusAfterRemove.current = null;
    const left = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button[data-remove]") ?? [])];
    const next = left[Math.min(index, left.length - 1)];
    if (next) next.focus();
    else formRef.current?.querySelector("input")?.focus();
  }, [mine]);

  function mark(key: string, on: boolean) {
    setBusy((b) => {
      const next = new Set(b);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  async function add(e: FormEvent) {
    e.preventDefault();
    if (adding) return;
    const item = text.trim();
    if (!item) {
      setError(EMPTY_ITEM);
      focusField();
      return;
    }
    setAdding(true);
    setError(null);
    try {
      const state = await api.staples.add({ item });
      await revalidator.revalidate();
      setText("");
      setFresh(state.key);
      const label = stapleLabel(state.key);
      toast(
        state.added
          ? { title: "Staple added", description: `${label} will go to 'You probably have' on your next lists.` }
          : { title: "Already a staple", description: `${label} is already one of your staples.` },
      );
    } catch (err) {
      setError(failureMessage(err, "Failed to add the staple."));
    } finally {
      setAdding(false);
      // Back to the field for the next item (the new one is marked in the list and named in the toast).
      focusField();
    }
  }

  async function restore(key: string) {
    try {
      await api.staples.add({ key });
      await revalidator.revalidate();
      setFresh(key);
      toast({ title: "Staple restored", description: `${stapleLabel(key)} is one of your staples again.` });
    } catch (err) {
      toast({ title: "Error", description: failureMessage(err, "Failed to restore the staple."), variant: "destructive" });
    }
  }

  async function remove(key: string) {
    mark(key, true);
    try {
      await api.staples.remove(key);
      // Focus goes to the item that takes its place (or the one before it), else to the field.
      focusAfterRemove.current = Math.max(0, mine.indexOf(key));
      await revalidator.revalidate();
      toast({
        title: "Staple removed",
        description: `${stapleLabel(key)} will be in its aisle on your next lists.`,
        action: { label: "Undo", onAction: () => void restore(key) },
      });
    } catch (err) {
      focusAfterRemove.current = null;
      toast({ title: "Error", description: failureMessage(err, "Failed to remove the staple."), variant: "destructive" });
    } finally {
      mark(key, false);
    }
  }

  async function toggleBuiltIn(key: string, on: boolean) {
    if (busy.has(key) || busy.has("*")) return;
    mark(key, true);
    setToggled((t) => new Map(t).set(key, on));
    try {
      await (on ? api.staples.add({ key }) : api.staples.remove(key));
      await revalidator.revalidate();
    } catch (err) {
      toast({ title: "Error", description: failureMessage(err, "Failed to change the staple."), variant: "destructive" });
    } finally {
      setToggled((t) => {
        const next = new Map(t);
        next.delete(key);
        return next;
      });
      mark(key, false);
    }
  }

  async function allBuiltIn(on: boolean) {
    if (busy.has("*")) return;
    mark("*", true);
    try {
      await api.staples.setBuiltIn(on);
      await revalidator.revalidate();
      toast({ title: on ? "Built-in staples on" : "Built-in staples off" });
    } catch (err) {
      toast({ title: "Error", description: failureMessage(err, "Failed to change the built-in staples."), variant: "destructive" });
    } finally {
      mark("*", false);
    }
  }

  return (
    <div className="tab-stack staples">
      <section aria-labelledby="staples-title">
        <div className="section-head">
          <h2 id="staples-title">{`Your staples (${mine.length})`}</h2>
        </div>
        <p className="staples__intro">
          Items you always have at home. On your next shopping lists they go to 'You probably have' instead of the aisles, and 'I need this'
          brings one back for that list.
        </p>
        <form className="staples__add" ref={formRef} onSubmit={(e) => void add(e)} aria-label="Add a staple" noValidate>
          <TextField
            label="Add a staple"
            name="item"
            value={text}
            onChange={(v) => {
              setText(v);
              if (error) setError(null);
            }}
            maxLength={ITEM_TEXT_MAX}
            autoComplete="off"
            placeholder="e.g. soy sauce"
            isInvalid={error !== null}
            errorMessage={error ?? undefined}
            description={full ? `You keep ${max} staples of your own, the most there can be. Remove one to add another.` : undefined}
            className="staples__field"
          />
          <Button type="submit" isPending={adding}>
            Add
          </Button>
        </form>
        {mine.length === 0 ? (
          <p className="empty-state">No staples of your own yet. Add the things you never need to buy, like rice or soy sauce.</p>
        ) : (
          <ul className="staples__list" aria-label="Your staples" ref={listRef}>
            {mine.map((key) => (
              <li key={key} className="staples__item" data-fresh={key === fresh || undefined}>
                <span className="staples__name">{stapleLabel(key)}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  data-remove={key}
                  aria-label={`Remove ${key}`}
                  isPending={busy.has(key)}
                  onPress={() => void remove(key)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="builtin-staples-title">
        <div className="section-head">
          <h2 id="builtin-staples-title">{`Built-in staples (${builtInOn} of ${builtIn.length} on)`}</h2>
          <div className="section-head__actions">
            <Button variant="outline" size="sm" isPending={busy.has("*")} onPress={() => void allBuiltIn(false)}>
              Turn all off
            </Button>
            <Button variant="outline" size="sm" isPending={busy.has("*")} onPress={() => void allBuiltIn(true)}>
              Turn all on
            </Button>
          </div>
        </div>
        <p className="staples__intro" id="builtin-staples-help">
          Most kitchens have these. Untick the ones you buy for each recipe: they will be in their aisle on your next lists.
        </p>
        <ul className="staples__builtin" aria-labelledby="builtin-staples-title" aria-describedby="builtin-staples-help">
          {builtIn.map((s) => (
            <li key={s.key}>
              <Checkbox className="checkbox" isSelected={isOn(s)} onChange={(on) => void toggleBuiltIn(s.key, on)}>
                <span className="checkbox__box" aria-hidden="true">
                  <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
                    <path
                      d="M3 8.5l3 3 7-7"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </span>
                {stapleLabel(s.key)}
              </Checkbox>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
