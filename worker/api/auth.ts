import { json } from "../http/problem.ts";
import type { Route } from "../http/router.ts";

export const authRoutes: Route[] = [
  {
    method: "GET",
    path: "/api/auth/me",
    access: "user",
    handler: ({ user }) => json({ user }),
  },
];
