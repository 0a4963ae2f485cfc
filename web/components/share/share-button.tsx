/**
 * 'Share' on the list page for whoever may change the list ("Sharing", decision 0031): the
 * button, and a line saying a read-only link is on. The Share dialog's code loads on demand (decision
 * 0017's pattern), so the list page carries only this file.
 */
import { useEffect, useState } from "react";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";

const shareDialog = lazyPart(() => import("./share-dialog.tsx").then((m) => m.ShareDialog));
const preload = () => void shareDialog.load();

/** Whether the list has a live share link: undefined while not known. */
export type ShareState = boolean | undefined;

/**
 * Whether the list has a live share link. The loader says so for every reader of the list (decision
 * 0014), so the first HTML already has it and nothing is asked from the browser; the Share dialog
 * updates it (a link made or stopped), and so does a new answer from the loader.
 */
export function useListShare(fromLoader: boolean | null): [ShareState, (shared: boolean) => void] {
  const [shared, setShared] = useState<ShareState>(fromLoader ?? undefined);
  useEffect(() => {
    if (fromLoader !== null) setShared(fromLoader);
  }, [fromLoader]);
  return [shared, setShared];
}

export function ShareButton({
  listId,
  listName,
  share,
  onShareChange,
}: {
  listId: string;
  listName: string;
  share: ShareState;
  onShareChange: (shared: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const [ShareDialog, request] = useLazyPart(shareDialog);
  return (
    <>
      <Button
        variant="outline"
        onHoverStart={preload}
        onFocus={preload}
        isPending={open && !ShareDialog}
        onPress={() => {
          setOpen(true);
          void request().then((loaded) => {
            if (loaded) return;
            setOpen(false);
            toast({ title: "Could not open sharing", description: "Please try again.", variant: "destructive" });
          });
        }}
      >
        Share
      </Button>
      {ShareDialog ? (
        <ShareDialog
          listId={listId}
          listName={listName}
          shared={share}
          onShareChange={onShareChange}
          isOpen={open}
          onOpenChange={setOpen}
        />
      ) : null}
    </>
  );
}

/**
 * 'Shared: …' under the list's buttons while a link is on (the dialog has 'Stop sharing'). It is in the
 * server's HTML whenever a link is on (decision 0014), hidden until the page knows this visitor may
 * change the list: a signed-out creator's browser learns that only after hydration (the edit token is
 * kept in it), so the line shows in a place it already had and moves nothing. For someone who may not
 * change the list it stays hidden (from screen readers too), keeping its place.
 */
export function ShareStatus({ shared, canEdit }: { shared: ShareState; canEdit: boolean }) {
  if (!shared) return null;
  return (
    <p className="list__share-status" data-unseen={canEdit ? undefined : ""} aria-hidden={canEdit ? undefined : true}>
      Shared: anyone with the link can view this list and tick items off for themselves.
    </p>
  );
}
