/**
 * Tabs: the WAI-ARIA tabs pattern with automatic activation, written out here instead of
 * react-aria-components' Tabs, whose collection and selection machinery cost the home page
 * ~20 KB gzipped of first-load JS for two tabs (docs/decisions/0064-home-first-load-js.md).
 * Same markup and data attributes as the RAC version:
 * - tablist (aria-orientation horizontal) of role="tab" elements; the selected one has
 *   aria-selected, aria-controls, data-selected and tabindex 0, the others tabindex -1;
 * - ArrowLeft/ArrowRight (wrapping), Home and End move focus and select; a mouse selects on
 *   press, other pointers and assistive technology on click;
 * - only the selected panel is rendered (role="tabpanel", labelled by its tab); it is itself
 *   focusable only when it holds nothing focusable;
 * - data-hovered (mouse only), data-focus-visible (keyboard focus) for the styles.
 * Compose as <Tabs><TabList aria-label><Tab id>..</TabList><TabPanel id>..</TabPanel></Tabs>.
 */
import {
  type KeyboardEvent,
  type ReactNode,
  createContext,
  useContext,
  useId,
  useLayoutEffect,
  useEffect,
  useRef,
  useState,
} from "react";
import { cx } from "./cx.ts";

type Key = string;

interface TabsState {
  baseId: string;
  selectedKey: Key;
  select: (key: Key) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tab, TabList and TabPanel must be inside <Tabs>");
  return state;
}

// useLayoutEffect warns during server render; effects do not run there anyway.
const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Tab and panel ids, as RAC forms them, so each tab names its panel and each panel its tab. */
const tabId = (baseId: string, key: Key) => `${baseId}-tab-${key}`;
const panelId = (baseId: string, key: Key) => `${baseId}-tabpanel-${key}`;

export interface TabsProps {
  children: ReactNode;
  className?: string;
  defaultSelectedKey: Key;
  /** Controlled selection (optional). */
  selectedKey?: Key;
  onSelectionChange?: (key: Key) => void;
}

export function Tabs({ children, className, defaultSelectedKey, selectedKey, onSelectionChange }: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState<Key>(defaultSelectedKey);
  const current = selectedKey ?? uncontrolled;
  const select = (key: Key) => {
    if (key === current) return;
    if (selectedKey === undefined) setUncontrolled(key);
    onSelectionChange?.(key);
  };
  return (
    <TabsContext.Provider value={{ baseId, selectedKey: current, select }}>
      <div className={cx("tabs", className)} data-orientation="horizontal">
        {children}
      </div>
    </TabsContext.Provider>
  );
}

export interface TabListProps {
  children: ReactNode;
  className?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}

export function TabList({ children, className, ...aria }: TabListProps) {
  const { select } = useTabs();
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tabs = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([aria-disabled="true"])'));
    const index = tabs.indexOf(e.target as HTMLElement);
    if (index < 0 || tabs.length === 0) return;
    let next: number;
    switch (e.key) {
      case "ArrowRight":
        next = (index + 1) % tabs.length;
        break;
      case "ArrowLeft":
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = tabs.length - 1;
        break;
      case "Enter":
      case " ":
        e.preventDefault();
        select(tabs[index]!.dataset.key!);
        return;
      default:
        return;
    }
    e.preventDefault();
    const tab = tabs[next]!;
    tab.focus();
    select(tab.dataset.key!);
  }
  return (
    <div
      {...aria}
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cx("tabs__list", className)}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

/** data-focus-visible as react-aria sets it: focus that did not come from a pointer. */
function useFocusVisible() {
  const [focusVisible, setFocusVisible] = useState(false);
  return {
    focusVisible,
    onFocus(e: { currentTarget: Element }) {
      let visible = true;
      try {
        visible = e.currentTarget.matches(":focus-visible");
      } catch {
        // Very old engines without :focus-visible: show the ring.
      }
      setFocusVisible(visible);
    },
    onBlur() {
      setFocusVisible(false);
    },
  };
}

export interface TabProps {
  id: Key;
  children: ReactNode;
  className?: string;
}

export function Tab({ id, children, className }: TabProps) {
  const { baseId, selectedKey, select } = useTabs();
  const selected = id === selectedKey;
  const [hovered, setHovered] = useState(false);
  const focus = useFocusVisible();
  return (
    <div
      role="tab"
      id={tabId(baseId, id)}
      aria-selected={selected}
      aria-controls={selected ? panelId(baseId, id) : undefined}
      tabIndex={selected ? 0 : -1}
      data-key={id}
      data-selected={selected || undefined}
      data-hovered={hovered || undefined}
      data-focus-visible={focus.focusVisible || undefined}
      className={cx("tabs__tab", className)}
      onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onPointerDown={(e) => {
        if (e.pointerType === "mouse" && e.button === 0) select(id);
      }}
      onClick={() => select(id)}
      onFocus={focus.onFocus}
      onBlur={focus.onBlur}
    >
      {children}
    </div>
  );
}

export interface TabPanelProps {
  id: Key;
  children: ReactNode;
  className?: string;
}

const TABBABLE = 'input:not([type="hidden"]), select, textarea, button, a[href], [tabindex]:not([tabindex="-1"])';

export function TabPanel({ id, children, className }: TabPanelProps) {
  const { baseId, selectedKey } = useTabs();
  const ref = useRef<HTMLDivElement>(null);
  const [hasTabbable, setHasTabbable] = useState(false);
  const focus = useFocusVisible();
  const selected = id === selectedKey;
  useIsomorphicLayoutEffect(() => {
    if (selected && ref.current) setHasTabbable(ref.current.querySelector(TABBABLE) !== null);
  }, [selected, children]);
  if (!selected) return null;
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={panelId(baseId, id)}
      aria-labelledby={tabId(baseId, id)}
      tabIndex={hasTabbable ? undefined : 0}
      data-focus-visible={focus.focusVisible || undefined}
      className={cx("tabs__panel", className)}
      onFocus={(e) => e.target === e.currentTarget && focus.onFocus(e)}
      onBlur={focus.onBlur}
    >
      {children}
    </div>
  );
}
