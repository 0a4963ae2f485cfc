/**
 * Layout of every page: header, main, footer (web/components/site-chrome.tsx). Its error
 * boundary shows the 404 page (and any other page error) inside the same chrome.
 */
import { Outlet, isRouteErrorResponse } from "react-router";
import { ErrorPage } from "../components/error-page.tsx";
import { SiteChrome } from "../components/site-chrome.tsx";
import type { Route } from "./+types/site-layout.ts";

export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteChrome>
      <ErrorPage status={status} />
    </SiteChrome>
  );
}
