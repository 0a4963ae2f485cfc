/**
 * The 404 page (and the generic error page): friendly copy, the way home, and a few likely
 * destinations. The title is set here because an erroring route renders no meta of its own.
 * Its links are React Router's (the button look from buttonClass): the site layout's boundary puts this
 * module in every page's first load, and react-aria's Link would bring its own chunk (decision 0017).
 */
import { Link as RouterLink } from "react-router";
import { buttonClass } from "../ui/button.tsx";

export function ErrorPage({ status }: { status: number }) {
  const notFound = status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <title>{`${title} | recipecart`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <p className="error-page__code" aria-hidden="true">
        {notFound ? "404" : status}
      </p>
      <h1 id="error-title">{title}</h1>
      <p className="error-page__lead">
        {notFound
          ? "This page seems to have wandered off the shopping list. The link may be old, or the address may have a typo."
          : "We hit a snag showing this page. Please try again in a moment."}
      </p>
      <div className="error-page__actions">
        <RouterLink to="/" className={buttonClass("primary")}>
          Back to Home
        </RouterLink>
        <RouterLink to="/help" className={buttonClass("outline")}>
          Visit the Help Center
        </RouterLink>
      </div>
      {notFound ? (
        <p className="error-page__hint">
          Looking for something specific? Try <RouterLink to="/about">Our Story</RouterLink> or{" "}
          <RouterLink to="/contact">contact us</RouterLink>.
        </p>
      ) : null}
    </section>
  );
}
