/**
 * On the list page, for the list's maker (decision 0036): whether the list is a household list, and the
 * one button that moves it in ('Share with household') or out ('Make personal'); without a household,
 * a link to start one.
 */
import { useState } from "react";
import { createTransport } from "../../../core/api/transport.ts";
import { householdGroup } from "../../features/household/contract.ts";
import { errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { Link } from "../../ui/link.tsx";

/** The household endpoints on the global fetch; the session is the HttpOnly cookie (the web app holds no token). */
let client: ReturnType<typeof householdGroup> | null = null;
function householdApi(): ReturnType<typeof householdGroup> {
  client ??= householdGroup(
    createTransport({ fetch: (input: string, init: unknown) => fetch(input, init as RequestInit), getToken: () => null }),
  );
  return client;
}

export function HouseholdLine({
  listId,
  household,
  onMoved,
}: {
  listId: string;
  household: { current: string | null; mine: string | null };
  onMoved: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  async function move(into: boolean) {
    setBusy(true);
    try {
      await householdApi().moveList(listId, into);
      toast({ title: into ? "Shared with your household" : "This list is yours alone again" });
      await onMoved();
    } catch (err) {
      toast({ title: "The list was not moved", description: errorText(err), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  if (household.current !== null) {
    return (
      <p className="list__household">
        <span>Shared with the household {household.current}: its members see and change this list.</span>{" "}
        <Button variant="outline" size="sm" isPending={busy} onPress={() => void move(false)}>
          Make personal
        </Button>
      </p>
    );
  }
  if (household.mine !== null) {
    return (
      <p className="list__household">
        <span>Only you can change this list.</span>{" "}
        <Button variant="outline" size="sm" isPending={busy} onPress={() => void move(true)}>
          Share with household
        </Button>
      </p>
    );
  }
  return (
    <p className="list__household">
      <Link href="/household">Shop together: start a household</Link>
    </p>
  );
}
