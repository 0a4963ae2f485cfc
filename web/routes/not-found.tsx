/** Catch-all: any unknown path answers HTTP 404 with the 404 page (site-layout ErrorBoundary). */
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
