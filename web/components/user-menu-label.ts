import type { AuthUser } from "../lib/auth.ts";

/** The label docs/product/screens.md gives the user menu button. Kept apart from user-menu.tsx so the header
 * can show it without loading the menu's code (docs/decisions/0017-home-first-load.md). */
export function getUserMenuLabel(user: Pick<AuthUser, "firstName"> | null): string {
  return user?.firstName?.trim() || "Account";
}
