/**
 * Dialog: a modal dialog (react-aria-components ModalOverlay + Modal + Dialog): focus is
 * trapped and restored, Escape and an outside press close it, the title labels it.
 *
 * Controlled:   <Dialog title="Edit recipe" isOpen={open} onOpenChange={setOpen}>…</Dialog>
 * With trigger: <DialogTrigger><Button>Open</Button><Dialog title="…">{({ close }) => …}</Dialog></DialogTrigger>
 */
import type { ReactNode } from "react";
import { Dialog as AriaDialog, DialogTrigger as AriaDialogTrigger, Heading, Modal, ModalOverlay } from "react-aria-components";
import { cx } from "./cx.ts";

export { AriaDialogTrigger as DialogTrigger };

export interface DialogProps {
  title: ReactNode;
  /** Optional text under the title; linked as the dialog's description. */
  description?: ReactNode;
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Close on outside press (default true). Turn off for dialogs holding unsaved edits. */
  isDismissable?: boolean;
  /** Role "alertdialog" for confirmations. */
  role?: "dialog" | "alertdialog";
  size?: "sm" | "md" | "lg";
  className?: string;
  /** Hide the × close button (e.g. for alertdialogs with their own buttons). */
  hideCloseButton?: boolean;
}

export function Dialog({
  title,
  description,
  children,
  isOpen,
  onOpenChange,
  isDismissable = true,
  role = "dialog",
  size = "md",
  className,
  hideCloseButton,
}: DialogProps) {
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable}>
      <Modal className={cx("modal", `modal--${size}`)}>
        <AriaDialog role={role} className={cx("dialog", className)}>
          {({ close }) => (
            <>
              <div className="dialog__header">
                <Heading slot="title" className="dialog__title">
                  {title}
                </Heading>
                {description ? <p className="dialog__description">{description}</p> : null}
                {hideCloseButton ? null : (
                  <button type="button" className="dialog__close" aria-label="Close" onClick={close}>
                    <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                    </svg>
                  </button>
                )}
              </div>
              <div className="dialog__body">{typeof children === "function" ? children({ close }) : children}</div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
