/**
 * The 404 page (and the generic error page): friendly copy, the way home, and a few likely
 * destinations. The title is set here because an erroring route renders no meta of its own.
 */
import { Link as RouterLink } from "react-router";
import { Link } from "../ui/link.tsx";

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
        <Link href="/" variant="primary">
          Back to Home
        </Link>
        <Link href="/help" variant="outline">
          Visit the Help Center
        </Link>
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
