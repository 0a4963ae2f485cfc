import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("help", "routes/help.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("auth", "features/accounts/routes/auth.tsx"),
    route("forgot-password", "features/accounts/routes/forgot-password.tsx"),
    route("reset-password", "features/accounts/routes/reset-password.tsx"),
    route("verify-email", "features/accounts/routes/verify-email.tsx"),
    route("email-opt-out/:token", "features/share/routes/email-opt-out.tsx"),
    route("undo-email-change", "features/accounts/routes/undo-email-change.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("favorites", "features/favorites-history/routes/favorites.tsx"),
    route("history", "features/favorites-history/routes/history.tsx"),
    route("shopping-list/:id?", "routes/shopping-list.tsx"),
    route("s/:shareId", "features/share/routes/shared-list.tsx"),
    route("household", "features/household/routes/household.tsx"),
    route("invite/:token", "features/household/routes/invite.tsx"),
    route("connect-extension", "features/accounts/routes/connect-extension.tsx"),
    route("checkout/demo/:orderId", "features/grocery/routes/checkout-demo.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
