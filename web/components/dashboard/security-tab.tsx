/**
 * The dashboard's security tab: the user's live sessions (device named from the user agent, when
 * it was last used, this one marked), 'Sign out' per other session and 'Sign out everywhere else'.
 * The list comes from the dashboard loader (rendered on the server); after a change the loader
 * runs again, and focus goes to the tab's heading when the pressed button is gone.
 */
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { SessionInfo } from "../../../core/api/auth.ts";
import { api, errorText } from "../../lib/api.ts";
import { deviceName } from "../../lib/user-agent.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { LocalDate } from "../local-date.tsx";

export function SecurityTab({ sessions }: { sessions: SessionInfo[] }) {
  const revalidator = useRevalidator();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);

  async function end(id: string | "others") {
    if (busy) return;
    setBusy(id);
    try {
      if (id === "others") await api.auth.revokeOtherSessions();
      else await api.auth.revokeSession(id);
      await revalidator.revalidate();
      toast({
        title: "Signed out",
        description: id === "others" ? "Every other device has been signed out." : "That device has been signed out.",
      });
      headingRef.current?.focus();
    } catch (err) {
      toast({ title: "Sign out failed", description: errorText(err), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card security-tab" aria-labelledby="sessions-title">
      <h2 id="sessions-title" ref={headingRef} tabIndex={-1}>
        Active sessions
      </h2>
      <p className="security-tab__lead">Devices where you are signed in. Sign out any you don't recognise.</p>
      <ul className="sessions">
        {sessions.map((s) => {
          const device = deviceName(s.userAgent);
          return (
            <li key={s.id} className="session" data-current={s.current || undefined}>
              <div className="session__text" id={`session-${s.id}`}>
                <span className="session__device">
                  {device}
                  {s.current ? <span className="badge">This device</span> : null}
                </span>
                <span className="session__meta">
                  Last seen <LocalDate iso={s.lastUsedAt} withTime /> · signed in <LocalDate iso={s.createdAt} />
                </span>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  aria-describedby={`session-${s.id}`}
                  isPending={busy === s.id}
                  onPress={() => void end(s.id)}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length ? (
        <div className="security-tab__actions">
          <Button variant="destructive" isPending={busy === "others"} onPress={() => void end("others")}>
            Sign out everywhere else
          </Button>
        </div>
      ) : (
        <p className="security-tab__none">You are not signed in anywhere else.</p>
      )}
    </section>
  );
}
