/**
 * What the list page shows instead of a list (docs/product/screens.md): 'Shopping List Not Found' (404), or
 * 'Failed to load shopping list. Please try again.' with a retry that runs the page's loader
 * again. The route's error boundary uses both; the root boundary uses the failure for a list page
 * whose data request itself failed in the browser (React Router hands that error to it).
 * Styles come from web/styles/list.css, part of the site stylesheet every page inlines.
 * "Back to Home" is React Router's link with the button look (as the header's and footer's links), not the
 * react-aria Link. The failure itself lives in list-load-failed.tsx: the root boundary puts it in every
 * page's first load (decision 0017), and only it.
 */
import { Link } from "react-router";
import { buttonClass } from "../../ui/button.tsx";

export { ListLoadFailed } from "./list-load-failed.tsx";

/** The heading of a household list's page for someone outside the household (decision 0036). */
export const NO_ACCESS_TITLE = "No access to this list";

/** A household list opened by someone who is not (or no longer) in its household. */
export function ListNoAccess() {
  return (
    <div className="list-page list-page__status">
      <h1>{NO_ACCESS_TITLE}</h1>
      <p>This list belongs to a household you are not a member of. Ask someone in the household to invite you.</p>
      <Link className={buttonClass("primary")} to="/">
        Back to Home
      </Link>
    </div>
  );
}

export function ListNotFound({ withId }: { withId: boolean }) {
  return (
    <div className="list-page list-page__status">
      <h1>Shopping List Not Found</h1>
      <p>
        {withId
          ? "This shopping list does not exist, or it has been deleted."
          : "No shopping list was chosen. Add recipes on the home page to make one."}
      </p>
      <Link className={buttonClass("primary")} to="/">
        Back to Home
      </Link>
    </div>
  );
}
