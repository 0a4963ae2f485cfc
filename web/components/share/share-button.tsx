/**
 * 'Share' on the list page for whoever may change the list (issue 17 "Sharing", decision 0116): the
 * button, and a line saying a read-only link is on. The Share dialog's code loads on demand (decision
 * 0064's pattern), so the list page carries only this file.
 */
import { useEffect, useState } from "react";
import { api } from "../../lib/api.ts";
import { onFirstInteraction } from "../../lib/interaction.ts";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import { listEditToken } from "../../lib/recipes-store.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";

const shareDialog = lazyPart(() => import("./share-dialog.tsx").then((m) => m.ShareDialog));
const preload = () => void shareDialog.load();

/** Whether the list has a live share link: undefined while not known. */
export type ShareState = boolean | undefined;

/**
 * Whether the list has a live share link. The loader says so for a signed-in owner's list (`fromLoader`);
 * a signed-out creator's browser asks the API at the visitor's first interaction (it holds the edit token
 * the server needs), not while the page loads (decision 0146).
 */
export function useListShare(listId: string, canEdit: boolean, fromLoader: boolean | null): [ShareState, (shared: boolean) => void] {
  const [shared, setShared] = useState<ShareState>(fromLoader ?? undefined);
  useEffect(() => {
    if (fromLoader !== null) setShared(fromLoader);
  }, [fromLoader]);
  useEffect(() => {
    if (!canEdit || fromLoader !== null) return;
    let current = true;
    const cancel = onFirstInteraction(() => {
      api.shares.list(listId, { editToken: listEditToken(listId) }).then(
        (answer) => {
          if (current) setShared((known) => known ?? answer.shares.length > 0);
        },
        // Offline or refused: the page says nothing about sharing until the dialog is opened.
        () => {},
      );
    });
    return () => {
      current = false;
      cancel();
    };
  }, [listId, canEdit, fromLoader]);
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

/** 'Shared: …' under the list's buttons while a link is on (the dialog has 'Stop sharing'). */
export function ShareStatus({ shared }: { shared: ShareState }) {
  if (!shared) return null;
  return <p className="list__share-status">Shared: anyone with the link can view this list and tick items off for themselves.</p>;
}
