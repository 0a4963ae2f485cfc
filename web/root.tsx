import { type ReactNode, useContext, useEffect, useState } from "react";
import { RouterProvider } from "react-aria-components";
import {
  type NavigateOptions,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  matchPath,
  useHref,
  useLocation,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import { ListLoadFailed } from "./components/shopping-list/list-load-failed.tsx";
import { SiteChrome } from "./components/site-chrome.tsx";
import { callerContext, cloudflareContext } from "./context.ts";
import { CRITICAL_CSS_ID, CriticalCssContext, criticalCssInDocument } from "./lib/critical-css.ts";
import { usePreloadOnInteraction } from "./lib/api-preload.ts";
import { primeAuth } from "./lib/auth.ts";
import { userFromCaller } from "./lib/server-user.ts";
import { ToasterHost } from "./ui/toaster-host.tsx";
import type { Route } from "./+types/root.ts";
import { registerServiceWorker } from "./lib/offline.ts";
import { afterLoad } from "./lib/interaction.ts";
import { readDataAnswersWhole } from "./lib/whole-data-answers.ts";
import { alternateLinks, DEFAULT_LOCALE, splitLocalePath } from "./i18n/locales.ts";

// Before the first navigation: personal pages' data answers are read whole (see the module).
readDataAnswersWhole();

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** The CSP nonce, the public origin, and the user the session cookie names (the header renders signed in, decision 0020). */
export function loader({ context, request }: Route.LoaderArgs) {
  const { nonce, appOrigin } = context.get(cloudflareContext);
  // The page's language is its address's (`/de/…`; decision 0038).
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  // The site's public origin, for canonical links (web/lib/meta.ts canonicalUrl); none without APP_ORIGIN.
  return { nonce, origin: appOrigin, locale, user: userFromCaller(context.get(callerContext)) };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  const locale = data?.locale ?? DEFAULT_LOCALE;
  // The same page in every language plus x-default, for search engines (the path without the language prefix).
  const { pathname } = useLocation();
  const alternates = data?.origin ? alternateLinks(pathname, data.origin) : [];
  // The site stylesheet inline (decision 0017): from the server's context, in the browser from the element itself.
  const serverCss = useContext(CriticalCssContext);
  const [css] = useState(() => serverCss || criticalCssInDocument());
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16794a" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own built stylesheet, never user input */}
        <style id={CRITICAL_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />
        <Meta />
        <Links />
        {alternates.map((link) => (
          <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
        ))}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * react-aria-components links and menu items navigate through React Router (client-side),
 * and the single toast region lives here so every page can call toast().
 */
export default function App({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // Before any child reads the auth store: start it from the server's user (client only, once).
  primeAuth(loaderData.user);
  // The API client loads on demand (decision 0017); a first interaction fetches it ahead of the first call.
  usePreloadOnInteraction();
  // Marks the document once React has hydrated: end-to-end tests wait for it before typing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    // The installable app's offline copy of the pages you open (docs/decisions/0029-list-page.md), registered
    // once the page has loaded and the browser is idle: nobody waits on it (decision 0017).
    return afterLoad(registerServiceWorker);
  }, []);
  return (
    <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useLinkHref}>
      <Outlet />
      <ToasterHost />
    </RouterProvider>
  );
}

/**
 * The href react-aria's links render: React Router's for a path in the app; an address with a scheme
 * (another site's recipe, mailto:) stays as written, or the router would resolve it as a path under
 * the current page ('/favorites/http:/…').
 */
function useLinkHref(to: string): string {
  const href = useHref(to);
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(to) ? to : href;
}

/**
 * Last resort, for errors outside the site layout (its own boundary handles page errors). A list
 * page whose data request failed in the browser (not a loader's answer: the request itself, e.g. a
 * 503 from a proxy or a dropped connection) lands here, because React Router gives such an error
 * to the first boundary it has loaded: it keeps the list page's wording and retry.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  if (!missing && matchPath("/shopping-list/:id?", pathname)) {
    return (
      <SiteChrome>
        <title>Shopping list | recipecart</title>
        <meta name="robots" content="noindex, nofollow" />
        <ListLoadFailed />
      </SiteChrome>
    );
  }
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    details = error.status === 404 ? "We couldn't find that page." : error.statusText || details;
  }
  return (
    <main id="main" className="error-page container">
      <title>{`${title} | recipecart`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1>{title}</h1>
      <p>{details}</p>
      <a href="/" className="btn btn--primary btn--md">
        Back to Home
      </a>
    </main>
  );
}
