/**
 * The signed-in user's menu (docs/product/screens.md): a button labelled with the first name ('Account' when
 * there is none) opening Dashboard, My Favorites, List History, Household (decision 0036) and Sign out.
 */
import { useNavigate } from "react-router";
import { Button } from "../ui/button.tsx";
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from "../ui/menu.tsx";
import type { AuthUser } from "../lib/auth.ts";
import { getUserMenuLabel } from "./user-menu-label.ts";

export { getUserMenuLabel };

export function UserMenu({ user, onSignOut }: { user: AuthUser; onSignOut: () => unknown }) {
  const navigate = useNavigate();
  const label = getUserMenuLabel(user);
  return (
    <MenuTrigger>
      <Button variant="outline" size="sm" className="user-menu__button">
        <span className="user-menu__avatar" aria-hidden="true">
          {label.charAt(0).toUpperCase()}
        </span>
        <span>{label}</span>
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Button>
      <Menu aria-label="Account">
        <MenuItem id="dashboard" href="/dashboard">
          Dashboard
        </MenuItem>
        <MenuItem id="favorites" href="/dashboard?tab=favorites">
          My Favorites
        </MenuItem>
        <MenuItem id="history" href="/dashboard?tab=history">
          List History
        </MenuItem>
        <MenuItem id="household" href="/household">
          Household
        </MenuItem>
        <MenuSeparator />
        <MenuItem
          id="sign-out"
          onAction={() => {
            void onSignOut();
            void navigate("/");
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
