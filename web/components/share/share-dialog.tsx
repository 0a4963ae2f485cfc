/**
 * The Share dialog ("Sharing", decision 0031), loaded on demand by share-button.tsx. Opening it
 * makes the list's read-only link (or hands out the live one) and shows it; 'Share link' uses the Web
 * Share API where the browser has it (phones), 'Copy link' the clipboard, each with a toast; 'Stop
 * sharing' revokes the link at once. Toasts: docs/product/messages.md.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createShareClient, type ListShare } from "../../features/share/contract.ts";
import { errorText } from "../../lib/api.ts";
import { listEditToken } from "../../lib/recipes-store.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { TextField } from "../../ui/text-field.tsx";

/** The share link calls, from the share contract (its own client, as the admin tab's). */
const shares = createShareClient({ fetch: (input, init) => fetch(input, init as RequestInit) });

interface Props {
  listId: string;
  listName: string;
  /** Whether the page knows of a live link (undefined: not known). */
  shared: boolean | undefined;
  onShareChange: (shared: boolean) => void;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ShareDialog({ isOpen, onOpenChange, ...props }: Props) {
  return (
    <Dialog
      title="Share this list"
      description="Anyone with the link can see this list and tick items off for themselves. They cannot change it."
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="sm"
    >
      {({ close }) => <ShareForm {...props} onDone={close} />}
    </Dialog>
  );
}

const noSubscribe = () => () => {};
const canWebShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

function ShareForm({ listId, listName, shared, onShareChange, onDone }: Omit<Props, "isOpen" | "onOpenChange"> & { onDone: () => void }) {
  const [link, setLink] = useState<ListShare | null>(null);
  const [state, setState] = useState<"making" | "ready" | "failed">("making");
  const [stopping, setStopping] = useState(false);
  const webShare = useSyncExternalStore(noSubscribe, canWebShare, () => false);
  const fieldRef = useRef<HTMLDivElement>(null);
  const latest = useRef(onShareChange);
  latest.current = onShareChange;

  // Opening the dialog makes the link, or answers the live one (the same link every time until it is stopped).
  const make = useCallback(async () => {
    setState("making");
    try {
      const made = await shares.create(listId, { editToken: listEditToken(listId) });
      setLink(made);
      setState("ready");
      latest.current(true);
    } catch (err) {
      setState("failed");
      toast({ title: "Error sharing list", description: errorText(err), variant: "destructive" });
    }
  }, [listId]);
  useEffect(() => {
    void make();
  }, [make]);

  // The link's field takes the focus once it is there, selected, so it can be copied by hand too.
  useEffect(() => {
    if (state !== "ready") return;
    const input = fieldRef.current?.querySelector("input");
    input?.focus();
    input?.select();
  }, [state]);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "Anyone with the link can view this list." });
    } catch {
      toast({
        title: "Copy failed",
        description: "Your browser did not allow copying. Select the link and copy it.",
        variant: "destructive",
      });
      fieldRef.current?.querySelector("input")?.select();
    }
  }

  async function webShareLink(url: string) {
    try {
      await navigator.share({ title: listName, text: `Shopping list: ${listName}`, url });
      toast({ title: "Link shared", description: "Anyone with the link can view this list." });
    } catch (err) {
      // Closing the share sheet is not a failure; anything else falls back to the clipboard.
      if (err instanceof DOMException && err.name === "AbortError") return;
      await copy(url);
    }
  }

  async function stop(current: ListShare) {
    setStopping(true);
    try {
      await shares.revoke(listId, current.id, { editToken: listEditToken(listId) });
      latest.current(false);
      toast({ title: "Sharing stopped", description: "The link no longer opens this list." });
      onDone();
    } catch (err) {
      toast({ title: "Error stopping sharing", description: errorText(err), variant: "destructive" });
    } finally {
      setStopping(false);
    }
  }

  if (state === "making") {
    return (
      <div className="share-dialog">
        <Spinner label={shared ? "Opening the link..." : "Making a link..."} />
      </div>
    );
  }
  if (state === "failed" || !link) {
    return (
      <div className="share-dialog">
        <p role="alert">Could not make a share link. Please try again.</p>
        <div className="share-dialog__buttons">
          <Button variant="ghost" onPress={onDone}>
            Cancel
          </Button>
          <Button onPress={() => void make()}>Try again</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="share-dialog">
      <div ref={fieldRef}>
        <TextField label="Share link" value={link.url} isReadOnly description="Read-only: it does not let anyone change the list." />
      </div>
      <div className="share-dialog__buttons">
        <Button variant="outline" className="share-dialog__stop" isPending={stopping} onPress={() => void stop(link)}>
          Stop sharing
        </Button>
        {webShare ? (
          <>
            <Button variant="outline" onPress={() => void copy(link.url)}>
              Copy link
            </Button>
            <Button onPress={() => void webShareLink(link.url)}>Share link</Button>
          </>
        ) : (
          <Button onPress={() => void copy(link.url)}>Copy link</Button>
        )}
      </div>
    </div>
  );
}
