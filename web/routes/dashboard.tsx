/**
 * /dashboard (docs/product/screens.md): tabs chosen by ?tab= (overview | favorites | history | profile | security |
 * admin). The loader reads the signed-in user from the session cookie, so the page renders on the
 * server without a spinner; signed-out visitors are sent to /auth. Tabs are listed once they have
 * content: today the profile tab (profile form and change-password form); the others come with the
 * favourites/history/admin issue, and until then any tab value shows the profile.
 */
import { useRef } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { ProfileTab } from "../components/dashboard/profile-tab.tsx";
import { callerContext } from "../context.ts";
import { useAuth } from "../lib/auth.ts";
import { pageMeta } from "../lib/meta.ts";
import { userFromCaller } from "../lib/server-user.ts";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import type { Route } from "./+types/dashboard.ts";

export function loader({ context }: Route.LoaderArgs) {
  const user = userFromCaller(context.get(callerContext));
  if (!user) throw redirect("/auth");
  return { user };
}

export const meta = () => pageMeta({ title: "Dashboard", description: "Your recipecart account: profile and password.", personal: true });

/** docs/product/screens.md: the values ?tab= may take. */
export const DASHBOARD_TABS = ["overview", "favorites", "history", "profile", "security", "admin"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The tabs that have content so far, in display order. */
const AVAILABLE: { id: DashboardTab; label: string }[] = [{ id: "profile", label: "Profile" }];

export function selectedTab(value: string | null): DashboardTab {
  const hit = AVAILABLE.find((t) => t.id === value);
  return (hit ?? AVAILABLE[0]!).id;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The store has the freshest user after an edit; the loader's is the server's at render time.
  const user = auth.user && auth.user.id === loaderData.user.id ? auth.user : loaderData.user;
  const tab = selectedTab(params.get("tab"));

  return (
    <div className="dashboard container">
      <header className="dashboard__header">
        <h1 ref={headingRef} tabIndex={-1}>
          Dashboard
        </h1>
        <p className="dashboard__welcome">Welcome back{user.firstName.trim() ? `, ${user.firstName.trim()}` : ""}!</p>
      </header>
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => {
          const next = new URLSearchParams(params);
          next.set("tab", String(key));
          void navigate({ search: `?${next.toString()}` }, { replace: true, preventScrollReset: true });
        }}
        className="dashboard__tabs"
      >
        <TabList aria-label="Dashboard sections">
          {AVAILABLE.map((t) => (
            <Tab key={t.id} id={t.id}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="profile">
          <ProfileTab user={user} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
