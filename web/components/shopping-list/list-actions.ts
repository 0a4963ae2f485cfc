/**
 * Print and Copy for a list, with their toasts (docs/product/messages.md): shared by the list page and
 * the after-create dialog.
 */
import { toast } from "../../lib/toast.ts";
import { getListText } from "./list-text.ts";
import { type PrintableList, printList } from "./print-list.ts";

export async function copyList(list: PrintableList): Promise<void> {
  try {
    await navigator.clipboard.writeText(getListText(list));
    toast({ title: "Copied to clipboard", description: "Paste the list wherever you like." });
  } catch {
    toast({ title: "Copy failed", description: "Your browser did not allow copying.", variant: "destructive" });
  }
}

export function printListOrToast(list: PrintableList): void {
  if (!printList(list)) {
    toast({ title: "Print failed", description: "Allow pop-ups for this site to print.", variant: "destructive" });
  }
}
