/**
 * 'Share' on the list page for whoever may change the list (issue 17 "Sharing", decision 0116): the
 * button, and a line saying a read-only link is on. The Share dialog's code loads on demand (decision
 * 0064's pattern), so the list page carries only this file.
 */
import { useEffect, useState } from "react";
import type { ListShare } from "../../../core/api/shares.ts";
import { api } from "../../lib/api.ts";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import { listEditToken } from "../../lib/recipes-store.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";

const shareDialog = lazyPart(() => import("./share-dialog.tsx").then((m) => m.ShareDialog));
const preload = () => void shareDialog.load();

/** The list's live share link: undefined while not known, null when none. */
export type ShareState = ListShare | null | undefined;

/** Asks once (when the caller may change the list) whether the list has a live share link. */
export function useListShare(listId: string, canEdit: boolean): [ShareState, (share: ListShare | null) => void] {
  const [share, setShare] = useState<ShareState>(undefined);
  useEffect(() => {
    if (!canEdit) return;
    let current = true;
    api.shares.list(listId, { editToken: listEditToken(listId) }).then(
      (answer) => {
        if (current) setShare(answer.shares[0] ?? null);
      },
      // Offline or refused: the page says nothing about sharing until the dialog is opened.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [listId, canEdit]);
  return [share, setShare];
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
  onShareChange: (share: ListShare | null) => void;
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
        <ShareDialog listId={listId} listName={listName} share={share} onShareChange={onShareChange} isOpen={open} onOpenChange={setOpen} />
      ) : null}
    </>
  );
}

/** 'Shared: …' under the list's buttons while a link is on (the dialog has 'Stop sharing'). */
export function ShareStatus({ share }: { share: ShareState }) {
  if (!share) return null;
  return <p className="list__share-status">Shared: anyone with the link can view this list and tick items off for themselves.</p>;
}
