/**
 * 'Order with Instacart' / 'Order for Delivery': a button that opens the order dialog. The dialog's
 * code (RAC Modal, radio groups, the store cards) loads on demand (idle, hover/focus, or the press
 * itself), as decision 0017 does for the recipe editor, so first loads do not carry it.
 */
import { useState } from "react";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";

const orderDialog = lazyPart(() => import("./order-dialog.tsx").then((m) => m.OrderDialog));
const preload = () => void orderDialog.load();

export function OrderButton({
  listId,
  label = "Order with Instacart",
  variant = "outline",
}: {
  listId: string;
  label?: string;
  variant?: "outline" | "primary";
}) {
  const [open, setOpen] = useState(false);
  const [OrderDialog, request] = useLazyPart(orderDialog);
  return (
    <>
      <Button
        variant={variant}
        onHoverStart={preload}
        onFocus={preload}
        isPending={open && !OrderDialog}
        onPress={() => {
          setOpen(true);
          void request().then((loaded) => {
            if (loaded) return;
            setOpen(false);
            toast({ title: "Could not open the order form", description: "Please try again.", variant: "destructive" });
          });
        }}
      >
        {label}
      </Button>
      {OrderDialog ? <OrderDialog listId={listId} isOpen={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
