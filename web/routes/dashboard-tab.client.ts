/**
 * Browser only (a .client module: empty on the server). The first dashboard page in a browser hydrates with
 * its tab's code already there (decision 0154): this module waits for it (top-level await), and the route
 * module, which imports it, is evaluated only after that, before React hydrates. The tab is the one ?tab=
 * names (the server showed the first tab when it names none or one this user may not see; that tab's code
 * then loads during hydration). Later tab changes load the code in the route's clientLoader.
 */
import { TAB_PARTS, loadTab } from "../components/dashboard/tab-parts.ts";

// (Node's unit tests import the route module too: no location there.)
if (typeof location !== "undefined" && location.pathname === "/dashboard") {
  const named = new URLSearchParams(location.search).get("tab") ?? "overview";
  if (Object.hasOwn(TAB_PARTS, named)) await loadTab(named as keyof typeof TAB_PARTS);
}
