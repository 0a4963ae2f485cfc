/**
 * Disclosure and Accordion: react-aria-components Disclosure (a heading holding a button with
 * aria-expanded / aria-controls, and a region panel). Accordion is a DisclosureGroup; by
 * default several items may be open at once.
 */
import type { ReactNode } from "react";
import {
  Disclosure as AriaDisclosure,
  DisclosureGroup,
  type DisclosureGroupProps,
  DisclosurePanel,
  type DisclosureProps as AriaDisclosureProps,
  Heading,
  Button as AriaButton,
} from "react-aria-components";
import { cx } from "./cx.ts";

export interface DisclosureProps extends Omit<AriaDisclosureProps, "className" | "children"> {
  title: ReactNode;
  children: ReactNode;
  /** Heading level of the trigger (default 3). */
  level?: 2 | 3 | 4;
  /** DOM id for the heading, so the item can be linked to (#id). */
  headingId?: string;
  className?: string;
}

export function Disclosure({ title, children, level = 3, headingId, className, ...props }: DisclosureProps) {
  return (
    <AriaDisclosure {...props} className={cx("disclosure", className)}>
      <Heading level={level} id={headingId} className="disclosure__heading">
        <AriaButton slot="trigger" className="disclosure__trigger">
          <span>{title}</span>
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className="disclosure__chevron">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </AriaButton>
      </Heading>
      <DisclosurePanel className="disclosure__panel">
        <div className="disclosure__content">{children}</div>
      </DisclosurePanel>
    </AriaDisclosure>
  );
}

export function Accordion({ className, ...props }: Omit<DisclosureGroupProps, "className"> & { className?: string }) {
  return <DisclosureGroup {...props} className={cx("accordion", className)} />;
}
