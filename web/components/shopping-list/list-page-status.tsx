/**
 * What the list page shows instead of a list (docs/product/screens.md): 'Shopping List Not Found' (404), or
 * 'Failed to load shopping list. Please try again.' with a retry that runs the page's loader
 * again. The route's error boundary uses both; the root boundary uses the failure for a list page
 * whose data request itself failed in the browser (React Router hands that error to it).
 * Styles come from web/styles/list.css, part of the site stylesheet every page inlines.
 * "Back to Home" is React Router's link with the button look (as the header's and footer's links), not the
 * react-aria Link: the root boundary puts this module in every page's first load (decision 0147).
 */
import { Link, useRevalidator } from "react-router";
import { Button, buttonClass } from "../../ui/button.tsx";

export function ListLoadFailed() {
  const revalidator = useRevalidator();
  return (
    <div className="list-page list-page__status" role="alert">
      <p>Failed to load shopping list. Please try again.</p>
      <div className="list-page__buttons">
        <Button isPending={revalidator.state === "loading"} onPress={() => void revalidator.revalidate()}>
          Try again
        </Button>
        <Link className={buttonClass("outline")} to="/">
          Back to Home
        </Link>
      </div>
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
