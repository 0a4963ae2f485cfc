/**
 * Menu: a button that opens a menu (react-aria-components MenuTrigger + Popover + Menu):
 * arrow keys, typeahead, Escape, focus return. Items with href navigate through the router.
 */
import type { ReactNode } from "react";
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  MenuTrigger as AriaMenuTrigger,
  type MenuTriggerProps,
  Popover,
  Separator,
} from "react-aria-components";
import { cx } from "./cx.ts";

export function MenuTrigger(props: MenuTriggerProps) {
  return <AriaMenuTrigger {...props} />;
}

export function Menu<T extends object>({
  className,
  placement = "bottom end",
  ...props
}: Omit<AriaMenuProps<T>, "className"> & { className?: string; placement?: "bottom end" | "bottom start" | "bottom" }) {
  return (
    <Popover className="popover" placement={placement}>
      <AriaMenu {...props} className={cx("menu", className)} />
    </Popover>
  );
}

export function MenuItem({ className, ...props }: Omit<AriaMenuItemProps, "className"> & { className?: string; children?: ReactNode }) {
  return <AriaMenuItem {...props} className={cx("menu__item", className)} />;
}

export function MenuSeparator() {
  return <Separator className="menu__separator" />;
}
