/**
 * 'Failed to load shopping list. Please try again.' with a retry that runs the page's loader again
 * (docs/product/screens.md). Its own module because the root error boundary imports it, which puts it
 * in every page's first load (decision 0017): the list page's other states stay in list-page-status.tsx.
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
