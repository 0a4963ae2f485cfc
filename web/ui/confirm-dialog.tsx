/**
 * ConfirmDialog: an alertdialog asking before something cannot be undone ('Are you sure you want to
 * delete this shopping list?'). Cancel has the focus first; the confirm button shows progress while
 * `onConfirm` runs and the dialog closes when it resolves.
 */
import { useState } from "react";
import { Button } from "./button.tsx";
import { Dialog } from "./dialog.tsx";

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void> | void;
}

export function ConfirmDialog({ title, message, confirmLabel, isOpen, onOpenChange, onConfirm }: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      title={title}
      role="alertdialog"
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => !pending && onOpenChange(open)}
      hideCloseButton
    >
      {({ close }) => (
        <>
          <p className="confirm__message">{message}</p>
          <div className="dialog-actions confirm__actions">
            <Button variant="outline" autoFocus onPress={close} isDisabled={pending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              isPending={pending}
              onPress={async () => {
                setPending(true);
                try {
                  await onConfirm();
                } finally {
                  setPending(false);
                }
                close();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
