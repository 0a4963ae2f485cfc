/**
 * What react-aria's collections and toast state import as `use-sync-external-store/shim` (a fallback for
 * React before 18): React 19 has the hook itself, so the browser build points the shim here (vite.config.ts,
 * decision 0017) instead of shipping the fallback in the home page's first load.
 */
export { useSyncExternalStore } from "react";
