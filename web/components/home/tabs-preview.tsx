/**
 * The entry card's tabs before react-aria-components' Tabs have loaded (decision 0017): the elements, roles,
 * classes and data attributes web/ui/tabs.tsx renders (a tablist, its tabs, the selected tab's panel), drawn
 * from plain elements, so nothing moves when the real tabs take over. RAC's Tabs bring its collection and
 * selection code (~23 KB gz), which the first view needs only once the visitor reaches for the tabs.
 *
 * This is not a tabs implementation: focusing or pressing a tab calls `onReach` (the real tabs load and take
 * over), and what the visitor asked for meanwhile (a press on a tab, an arrow, Home or End key) is passed on as
 * `onSelect`, the way react-aria selects (a mouse on press, touch and pen on release, keys at once), so
 * nothing is lost while the code arrives.
 */
import { type KeyboardEvent, type PointerEvent, type ReactNode, useId, useRef } from "react";

export interface PreviewTab<K extends string> {
  id: K;
  label: string;
}

export function TabsPreview<K extends string>({
  tabs,
  selected,
  label,
  onReach,
  onSelect,
  panelFocusable = false,
  children,
}: {
  tabs: readonly PreviewTab<K>[];
  selected: K;
  /** The tablist's accessible name (as the real TabList's aria-label). */
  label: string;
  onReach: () => void;
  onSelect: (tab: K) => void;
  /** The panel takes the focus itself (react-aria does so when nothing in it can): true while it shows no control. */
  panelFocusable?: boolean;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (tab: K) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-tabpanel-${selected}`;

  function choose(tab: K, focus: boolean) {
    onSelect(tab);
    if (focus) listRef.current?.querySelector<HTMLElement>(`[data-key="${tab}"]`)?.focus();
  }

  function keyDown(e: KeyboardEvent) {
    const at = tabs.findIndex((t) => t.id === selected);
    const next =
      e.key === "ArrowRight"
        ? (at + 1) % tabs.length
        : e.key === "ArrowLeft"
          ? (at - 1 + tabs.length) % tabs.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? tabs.length - 1
              : -1;
    const target = tabs[next];
    if (!target) return;
    e.preventDefault();
    choose(target.id, true);
  }

  function pointerDown(e: PointerEvent<HTMLElement>, tab: K) {
    if (e.button !== 0) return;
    onReach();
    if (e.pointerType === "mouse") return choose(tab, false);
    // Touch and pen choose on release over the tab, not when the gesture turns into a scroll (pointercancel).
    // The listeners are on the document: the real tabs may replace this element before the finger lifts.
    const box = e.currentTarget.getBoundingClientRect();
    const up = (u: globalThis.PointerEvent) => {
      stop();
      if (u.clientX >= box.left && u.clientX <= box.right && u.clientY >= box.top && u.clientY <= box.bottom) onSelect(tab);
    };
    const stop = () => {
      document.removeEventListener("pointerup", up, true);
      document.removeEventListener("pointercancel", stop, true);
    };
    document.addEventListener("pointerup", up, true);
    document.addEventListener("pointercancel", stop, true);
  }

  return (
    <div className="tabs" data-orientation="horizontal">
      <div
        ref={listRef}
        className="tabs__list"
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        data-orientation="horizontal"
        onFocus={onReach}
      >
        {tabs.map((t) => (
          <div
            key={t.id}
            className="tabs__tab"
            data-preview=""
            data-key={t.id}
            id={tabId(t.id)}
            role="tab"
            aria-selected={t.id === selected}
            aria-controls={t.id === selected ? panelId : undefined}
            data-selected={t.id === selected || undefined}
            tabIndex={t.id === selected ? 0 : -1}
            onPointerDown={(e) => pointerDown(e, t.id)}
            onKeyDown={keyDown}
            // A screen reader's activation (a click without a pointer press); idempotent after a press.
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </div>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="tabs__panel" tabIndex={panelFocusable ? 0 : undefined}>
        {children}
      </div>
    </div>
  );
}
