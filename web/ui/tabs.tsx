/**
 * Tabs: react-aria-components Tabs (arrow-key navigation, roving focus, tab/tabpanel roles)
 * with the app's look. Compose as <Tabs><TabList><Tab id>..</TabList><TabPanel id>..</Tabs>.
 */
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  type TabListProps as AriaTabListProps,
  TabPanel as AriaTabPanel,
  type TabPanelProps as AriaTabPanelProps,
  type TabProps as AriaTabProps,
  Tabs as AriaTabs,
  type TabsProps as AriaTabsProps,
} from "react-aria-components";
import { cx } from "./cx.ts";

export function Tabs({ className, ...props }: Omit<AriaTabsProps, "className"> & { className?: string }) {
  return <AriaTabs {...props} className={cx("tabs", className)} />;
}

export function TabList<T extends object>({ className, ...props }: Omit<AriaTabListProps<T>, "className"> & { className?: string }) {
  return <AriaTabList {...props} className={cx("tabs__list", className)} />;
}

export function Tab({ className, ...props }: Omit<AriaTabProps, "className"> & { className?: string }) {
  return <AriaTab {...props} className={cx("tabs__tab", className)} />;
}

export function TabPanel({ className, ...props }: Omit<AriaTabPanelProps, "className"> & { className?: string }) {
  return <AriaTabPanel {...props} className={cx("tabs__panel", className)} />;
}
