/** The 'Email' button: opens the Email dialog, whose code loads on demand (decision 0017's pattern). */
import { useState } from "react";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";

const emailDialog = lazyPart(() => import("./email-dialog.tsx").then((m) => m.EmailDialog));
const preload = () => void emailDialog.load();

export function EmailButton({ listId, variant = "outline" }: { listId: string; variant?: "outline" | "primary" }) {
  const [open, setOpen] = useState(false);
  const [EmailDialog, request] = useLazyPart(emailDialog);
  return (
    <>
      <Button
        variant={variant}
        onHoverStart={preload}
        onFocus={preload}
        isPending={open && !EmailDialog}
        onPress={() => {
          setOpen(true);
          void request().then((loaded) => {
            if (loaded) return;
            setOpen(false);
            toast({ title: "Could not open the email form", description: "Please try again.", variant: "destructive" });
          });
        }}
      >
        Email
      </Button>
      {EmailDialog ? <EmailDialog listId={listId} isOpen={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
