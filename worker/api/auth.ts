import { json, problem } from "../http/problem.ts";
import type { Route } from "../http/router.ts";
import { findCurrentUser } from "../services/current-user.ts";

export const authRoutes: Route[] = [
  {
    method: "GET",
    path: "/api/auth/me",
    async handler({ db, request }) {
      const user = await findCurrentUser(db, request);
      if (!user) return problem(401, "unauthenticated", "You are not signed in.");
      return json({ user });
    },
  },
];
