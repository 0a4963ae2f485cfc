/**
 * /dashboard (docs/product/screens.md): tabs chosen by ?tab= (overview | favorites | history | staples | stores | profile | security |
 * admin; admin only for admins). The loader reads the signed-in user from the session cookie and
 * loads the chosen tab's data on the server, so the page renders without a spinner or a content
 * jump; signed-out visitors are sent to /auth. Choosing a tab changes ?tab= (replacing the history
 * entry) and the loader runs again; the tab list shows the new choice once its data is there.
 */
import { Suspense, useEffect, useRef } from "react";
import { redirect, useNavigate, useNavigation, useSearchParams } from "react-router";
import { ADMIN_USERS_SEARCH_MAX, OAUTH_PROVIDER_NAMES, type OAuthProvider } from "../../core/api/constants.ts";
import { RETURN_PARAM, safeReturnPath, signInPath } from "../../core/lib/return-path.ts";
import { TAB_PARTS, loadTab } from "../components/dashboard/tab-parts.ts";
import { cleanSearch, readHistory } from "../lib/history-loader.ts";
import { userEndpoints } from "../../core/api/auth.ts";
import { shopEndpoints, type StoresResponse } from "../../core/api/shop.ts";
import type { ApiClient } from "../lib/api-client.ts";
import { callerContext } from "../context.ts";
import { useAuth } from "../lib/auth.ts";
import { deleteListAction } from "../lib/history-action.server.ts";
import { formCall, formFields, orNull, serverApi } from "../lib/page-api.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { privatePageHeaders } from "../lib/private-page.ts";
import { toast } from "../lib/toast.ts";
import { userFromCaller, wireUser } from "../lib/server-user.ts";
import { pageUser } from "../lib/page-access.server.ts";
import { allows } from "../../core/api/access.ts";
import { Spinner } from "../ui/spinner.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import type { Route } from "./+types/dashboard.ts";

/** docs/product/screens.md: the values ?tab= may take. */
export const DASHBOARD_TABS = ["overview", "favorites", "history", "staples", "stores", "profile", "security", "admin"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
// Every tab has its code (web/components/dashboard/tab-parts.ts).
TAB_PARTS satisfies Record<DashboardTab, unknown>;

// Browser only (Vite drops it from the server build): the first dashboard page in a browser hydrates with
// its tab's code already there (decision 0034). The route module waits for it before React hydrates; the
// tab is the one ?tab= names (for a tab this user may not see, the first tab's code loads during
// hydration). Later tab changes load the code in the clientLoader.
if (!import.meta.env.SSR && typeof location !== "undefined" && location.pathname === "/dashboard") {
  const named = new URLSearchParams(location.search).get("tab") ?? "overview";
  if (Object.hasOwn(TAB_PARTS, named)) await loadTab(named as DashboardTab);
}

const TAB_LABELS: Record<DashboardTab, string> = {
  overview: "Overview",
  favorites: "Favorites",
  history: "History",
  staples: "Staples",
  stores: "Stores",
  profile: "Profile",
  security: "Security",
  admin: "Admin",
};

/** The tabs with content, in display order; admin only for admins. */
export function tabsFor(isAdmin: boolean): DashboardTab[] {
  const tabs: DashboardTab[] = ["overview", "favorites", "history", "staples", "stores", "profile", "security"];
  return isAdmin ? [...tabs, "admin"] : tabs;
}

/** docs/product/constants.md: the dashboard's history and overview show 5 lists. */
export const DASHBOARD_HISTORY_LIMIT = 5;
/** Users per page of the admin table. */
export const ADMIN_PAGE_SIZE = 20;
/** Contact messages per page of the admin tab (decision 0021). */
export const ADMIN_MESSAGES_PAGE_SIZE = 10;

/** A 1-based page number from the query (?page=, ?messages=), clamped. */
const pageParam = (value: string | null) => Math.max(1, Math.min(10_000, Number.parseInt(value ?? "1", 10) || 1));

/** The tab ?tab= names when the user may see it, else the first tab. */
export function selectedTab(value: string | null, isAdmin = false): DashboardTab {
  const tabs = tabsFor(isAdmin);
  return tabs.find((t) => t === value) ?? tabs[0] ?? "profile";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = wireUser(pageUser(context, request, "user"));
  const params = new URL(request.url).searchParams;
  const tab = selectedTab(params.get("tab"), allows("admin", user));
  // The tab's code with its data, so the server renders it in the first HTML without waiting (decision 0034).
  const [data] = await Promise.all([tabData(tab, user, params, serverApi(context), context), loadTab(tab)]);
  return data;
}

/**
 * A tab change in the browser: the tab's code comes with its data, so the tab list shows the new choice with
 * the tab ready to render (no empty panel while a chunk loads, decision 0034).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const named = new URL(request.url).searchParams.get("tab");
  // Start on the tab the address names while the server answers (usually the one it shows).
  if (named && Object.hasOwn(TAB_PARTS, named)) void loadTab(named as DashboardTab);
  const data = await serverLoader();
  await loadTab(data.tab);
  return data;
}

/** What the chosen tab shows, read on the server. */
async function tabData(
  tab: DashboardTab,
  user: NonNullable<ReturnType<typeof userFromCaller>>,
  params: URLSearchParams,
  api: ApiClient,
  context: Route.LoaderArgs["context"],
) {
  // Each read is the endpoint's own (in process, as this caller): its guard decides, nothing is restated here.
  switch (tab) {
    case "overview": {
      const [recipes, lists, recent] = await Promise.all([
        api.favorites.recipes(),
        api.favorites.lists(),
        api.users.shoppingLists({ limit: DASHBOARD_HISTORY_LIMIT }),
      ]);
      return { user, tab, recipes: recipes.recipes, lists: lists.lists, recent: recent.lists } as const;
    }
    case "favorites": {
      const [recipes, lists] = await Promise.all([api.favorites.recipes(), api.favorites.lists()]);
      return { user, tab, recipes: recipes.recipes, lists: lists.lists } as const;
    }
    case "history":
      return { user, tab, ...(await readHistory(api, params.get("search"), DASHBOARD_HISTORY_LIMIT)) } as const;
    case "staples": {
      const staples = await orNull(api.staples.list());
      if (!staples) throw redirect(signInPath("/dashboard?tab=staples"));
      return { user, tab, staples } as const;
    }
    case "stores": {
      // The shop endpoints are a group of their own (core/api/shop-client.ts), read here through the endpoint in process.
      const answer = await formCall(context, shopEndpoints.stores);
      if (!answer.ok) throw redirect(signInPath("/dashboard?tab=stores"));
      return { user, tab, stores: (await answer.response.json()) as StoresResponse } as const;
    }
    case "security":
      return { user, tab, sessions: (await api.auth.sessions()).sessions } as const;
    case "admin": {
      const search = cleanSearch(params.get("users"), ADMIN_USERS_SEARCH_MAX);
      const page = pageParam(params.get("page"));
      const [stats, users, messages] = await Promise.all([
        orNull(api.admin.stats()),
        orNull(api.admin.users({ search, page, pageSize: ADMIN_PAGE_SIZE })),
        orNull(api.admin.contactMessages({ page: pageParam(params.get("messages")), pageSize: ADMIN_MESSAGES_PAGE_SIZE })),
      ]);
      if (!stats || !users || !messages) throw redirect("/dashboard");
      return { user, tab, stats, users, messages } as const;
    }
    default:
      return { user, tab } as const;
  }
}

/** Personal: no shared or browser cache keeps it (page and .data). */
export const headers = privatePageHeaders;

/**
 * The tabs' forms sent without the page's script (method="post"): the profile, the password change and a
 * history card's Delete, each through its endpoint in process. The answer is shown by the tab.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "delete-list") return deleteListAction(context, form);
  if (intent === "password") {
    const sent = formFields(form, ["currentPassword", "newPassword", "confirmPassword"]);
    if (sent.newPassword !== sent.confirmPassword) {
      return { intent, failure: { status: 400, message: null, errors: { confirmPassword: ["Passwords don't match"] } } } as const;
    }
    const done = await formCall(context, userEndpoints.changePassword, {
      body: { currentPassword: sent.currentPassword, newPassword: sent.newPassword },
    });
    if (done.ok) throw redirect("/dashboard?tab=profile&saved=password");
    return { intent, failure: done.failure } as const;
  }
  // The profile: every field the form has (the endpoint's schema keeps what it knows). The password goes
  // to the endpoint only, never back into the page.
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (name !== "intent" && typeof value === "string") fields[name] = value;
  const { currentPassword, ...values } = fields;
  const before = userFromCaller(context.get(callerContext))?.email ?? "";
  const done = await formCall(context, userEndpoints.updateMe, { body: currentPassword ? fields : values });
  // Saved: a new page load (this request's caller still has the old profile; a reload sends nothing again).
  const moved = (values.email ?? "").trim().toLowerCase() !== before.toLowerCase();
  if (done.ok) throw redirect(`/dashboard?tab=profile&saved=profile${moved ? "&moved=1" : ""}`);
  return { intent: "profile", values, failure: done.failure } as const;
}

export const meta = () =>
  pageMeta({
    title: "Dashboard",
    description: "Your recipecart account: favourites, list history, pantry staples, profile and security.",
    personal: true,
  });

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const auth = useAuth();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The store has the freshest user after an edit; the loader's is the server's at render time.
  const user = auth.user && auth.user.id === loaderData.user.id ? auth.user : loaderData.user;
  const tab = loaderData.tab;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/dashboard";
  useOAuthWelcome();

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
        keyboardActivation="manual"
        onSelectionChange={(key) => {
          if (key === tab) return;
          void navigate({ search: `?tab=${String(key)}` }, { replace: true, preventScrollReset: true });
        }}
        className="dashboard__tabs"
      >
        <TabList aria-label="Dashboard sections">
          {tabsFor(allows("admin", loaderData.user)).map((t) => (
            <Tab key={t} id={t}>
              {TAB_LABELS[t]}
            </Tab>
          ))}
        </TabList>
        {/* One panel per tab, so every tab's aria-controls names a panel; only the loaded one has content. */}
        {tabsFor(allows("admin", loaderData.user)).map((t) => (
          <TabPanel key={t} id={t} aria-busy={(t === tab && loading) || undefined}>
            {t === tab ? <TabContent data={loaderData} user={user} sent={actionData} /> : null}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}

/** The chosen tab, its code loaded with its data (decision 0034); the fallback only shows if that load failed and is tried again. */
function TabContent({ data, user, sent }: TabProps) {
  return (
    <Suspense
      fallback={
        <p className="dashboard__tab-loading" role="status">
          <Spinner size={20} /> Loading…
        </p>
      }
    >
      <ChosenTab data={data} user={user} sent={sent} />
    </Suspense>
  );
}

interface TabProps {
  data: Route.ComponentProps["loaderData"];
  user: Route.ComponentProps["loaderData"]["user"];
  /** What the page's action answered to a form sent without the script. */
  sent: Route.ComponentProps["actionData"];
}

function ChosenTab({ data, user, sent }: TabProps) {
  switch (data.tab) {
    case "overview": {
      const OverviewTab = TAB_PARTS.overview.read();
      return <OverviewTab recipes={data.recipes} lists={data.lists} recent={data.recent} />;
    }
    case "favorites": {
      const FavoritesTab = TAB_PARTS.favorites.read();
      return <FavoritesTab recipes={data.recipes} lists={data.lists} />;
    }
    case "history": {
      const HistoryView = TAB_PARTS.history.read();
      return <HistoryView lists={data.lists} search={data.search} failed={data.failed} title="Recent lists" fullHistoryLink />;
    }
    case "staples": {
      const StaplesTab = TAB_PARTS.staples.read();
      return <StaplesTab staples={data.staples} />;
    }
    case "stores": {
      const StoresTab = TAB_PARTS.stores.read();
      return <StoresTab stores={data.stores} />;
    }
    case "security": {
      const SecurityTab = TAB_PARTS.security.read();
      return <SecurityTab sessions={data.sessions} />;
    }
    case "admin": {
      const AdminTab = TAB_PARTS.admin.read();
      return <AdminTab stats={data.stats} users={data.users} messages={data.messages} />;
    }
    default: {
      const ProfileTab = TAB_PARTS.profile.read();
      return <ProfileTab user={user} sent={sent} />;
    }
  }
}

/**
 * A Google/GitHub sign-in lands here with `?signed_in=PROVIDER` (and `password_removed=1` when
 * linking removed an unproven password, decision 0022): say so once, then drop the parameters, or go
 * on to the page that sent the visitor to sign in (`next`).
 */
function useOAuthWelcome() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const provider = params.get("signed_in");
  const passwordRemoved = params.get("password_removed") === "1";
  useEffect(() => {
    if (!provider) return;
    const name = OAUTH_PROVIDER_NAMES[provider as OAuthProvider];
    if (!name) return;
    toast({
      title: "Welcome back!",
      description: passwordRemoved
        ? `Signed in with ${name}. Your password was removed because this email address had not been confirmed; use "Forgot password?" to set a new one.`
        : `Signed in with ${name}.`,
    });
    // Sent to sign in from another page: on to it (decision 0042).
    const returnTo = safeReturnPath(params.get(RETURN_PARAM));
    if (returnTo) {
      void navigate(returnTo, { replace: true });
      return;
    }
    const next = new URLSearchParams(params);
    next.delete("signed_in");
    next.delete("password_removed");
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [provider, passwordRemoved, params, navigate]);
}
