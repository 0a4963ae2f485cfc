/**
 * The admin desk's wire contract (docs/product/api.md, decision 0033): GET /api/admin/stats, GET
 * /api/admin/users, DELETE /api/admin/users/{id}, and the client group over core's transport (with the
 * contact messages' list, declared with the contact form in core/api/contact.ts). Every admin call answers
 * 401 signed out and 403 for non-admins. zod only: the server routes, the dashboard and the tests share it.
 */
import { z } from "zod";
import { type AdminContactQuery, contactEndpoints } from "../../../core/api/contact.ts";
import { callEndpoint, endpoint } from "../../../core/api/endpoint.ts";
import { type ApiClientOptions, type CallOptions, createTransport, type Transport } from "../../../core/api/transport.ts";
import { ADMIN_USERS_SEARCH_MAX } from "../../../core/api/constants.ts";

export { ADMIN_USERS_SEARCH_MAX } from "../../../core/api/constants.ts";

/** docs/product/constants.md: admin top domains up to 10. */
export const ADMIN_TOP_DOMAINS = 10;
export const ADMIN_USERS_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_USERS_PAGE_SIZE_MAX = 100;

/** GET /api/admin/stats (docs/product/data.md "Admin stats"). */
export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalRecipes: z.number().int(),
  totalShoppingLists: z.number().int(),
  totalFavoriteRecipes: z.number().int(),
  totalFavoriteLists: z.number().int(),
  /** Most parsed domains first, at most 10. */
  topDomains: z.array(z.object({ domain: z.string(), parseCount: z.number().int() })),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** One row of the admin users table. */
export const AdminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  counts: z.object({
    recipes: z.number().int(),
    shoppingLists: z.number().int(),
    favoriteRecipes: z.number().int(),
  }),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** Query of GET /api/admin/users: search by e-mail or name, 1-based page. */
export const AdminUsersQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(ADMIN_USERS_SEARCH_MAX, `At most ${ADMIN_USERS_SEARCH_MAX} characters.`)
    .optional()
    .transform((s) => (s ? s : undefined)),
  page: z.coerce
    .number({ error: "page must be a whole number." })
    .int("page must be a whole number.")
    .min(1, "page must be at least 1.")
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a whole number." })
    .int("pageSize must be a whole number.")
    .min(1, "pageSize must be at least 1.")
    .max(ADMIN_USERS_PAGE_SIZE_MAX, `pageSize can be at most ${ADMIN_USERS_PAGE_SIZE_MAX}.`)
    .default(ADMIN_USERS_PAGE_SIZE_DEFAULT),
});
/** What the client sends (all optional). */
export type AdminUsersQuery = {
  search?: string;
  page?: number;
  pageSize?: number;
};

/** GET /api/admin/users: newest accounts first. */
export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Users matching the search (all pages). */
  total: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

/** The admin desk (admins only). */
export const adminEndpoints = {
  stats: endpoint("GET", "/api/admin/stats", { answer: AdminStatsSchema }),
  users: endpoint("GET", "/api/admin/users", { query: AdminUsersQuerySchema, answer: AdminUsersResponseSchema }),
  deleteUser: endpoint("DELETE", "/api/admin/users/:id"),
};

/** The admin desk's calls over core's transport. */
export function adminGroup(transport: Transport) {
  const ep = adminEndpoints;
  return {
    stats: (opts?: CallOptions) => callEndpoint(transport, ep.stats, {}, opts),
    users: (query: AdminUsersQuery = {}, opts?: CallOptions) => callEndpoint(transport, ep.users, { query }, opts),
    deleteUser: (id: string, opts?: CallOptions) => callEndpoint(transport, ep.deleteUser, { params: { id } }, opts),
    contactMessages: (query: AdminContactQuery = {}, opts?: CallOptions) =>
      callEndpoint(transport, contactEndpoints.messages, { query }, opts),
  };
}

/** The admin group on a transport of its own (the web app's lazy client). */
export const createAdminClient = (options: ApiClientOptions) => adminGroup(createTransport(options));
