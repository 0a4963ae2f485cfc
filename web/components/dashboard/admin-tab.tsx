/**
 * The dashboard's admin tab (admins only; docs/product/screens.md, messages.md): site statistics (totals and
 * the top domains by parse count) and the users table with search, paging and Delete after a
 * confirm step. Admin rows have no Delete button. 'User Deleted' / 'Delete Failed' ('Failed to delete
 * user account.'). Below them, the messages sent with the contact form, newest first, read-only and
 * paged (decision 0021). The server refuses every admin call to anyone else (403) and signed out (401).
 */
import { type FormEvent, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { type AdminStats, type AdminUser, type AdminUsersResponse, createAdminClient } from "../../features/admin/contract.ts";
import { ADMIN_USERS_SEARCH_MAX, CONTACT_CATEGORY_LABELS } from "../../../core/api/constants.ts";
import type { AdminContactMessagesResponse } from "../../../core/api/contact.ts";
import { failureMessage } from "../../lib/form-validation.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { TextField } from "../../ui/text-field.tsx";

/** The admin desk's calls, from its contract (the browser's shared `api` holds core's groups only). The session is the cookie. */
const adminApi = createAdminClient({ fetch: (input, init) => fetch(input, init as RequestInit) });
import { LocalDate } from "../local-date.tsx";

export function AdminTab({
  stats,
  users,
  messages,
}: {
  stats: AdminStats;
  users: AdminUsersResponse;
  messages: AdminContactMessagesResponse;
}) {
  return (
    <div className="tab-stack">
      <section aria-labelledby="admin-stats-title">
        <div className="section-head">
          <h2 id="admin-stats-title">Site statistics</h2>
        </div>
        <ul className="admin-stats">
          <Stat value={stats.totalUsers} one="User" many="Users" />
          <Stat value={stats.totalRecipes} one="Recipe" many="Recipes" />
          <Stat value={stats.totalShoppingLists} one="Shopping list" many="Shopping lists" />
          <Stat value={stats.totalFavoriteRecipes} one="Favorite recipe" many="Favorite recipes" />
          <Stat value={stats.totalFavoriteLists} one="Favorite list" many="Favorite lists" />
        </ul>
        <h3>Top domains</h3>
        {stats.topDomains.length === 0 ? (
          <p className="empty-state">No recipes imported from a link yet.</p>
        ) : (
          <ol className="admin-domains">
            {stats.topDomains.map((d) => (
              <li key={d.domain}>
                {d.domain} <span className="overview-stat__label">({d.parseCount === 1 ? "1 parse" : `${d.parseCount} parses`})</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <UsersSection users={users} />
      <ContactMessagesSection messages={messages} />
    </div>
  );
}

/** The contact form's messages, newest first; ?messages=N pages them (decision 0021). */
function ContactMessagesSection({ messages }: { messages: AdminContactMessagesResponse }) {
  const [params, setParams] = useSearchParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pages = Math.max(1, Math.ceil(messages.total / messages.pageSize));

  function go(page: number) {
    const next = new URLSearchParams(params);
    if (page > 1) next.set("messages", String(page));
    else next.delete("messages");
    setParams(next, { replace: true, preventScrollReset: true });
    headingRef.current?.focus();
  }

  return (
    <section aria-labelledby="admin-messages-title">
      <div className="section-head">
        <h2 id="admin-messages-title" ref={headingRef} tabIndex={-1}>
          Contact messages ({messages.total})
        </h2>
      </div>
      {messages.messages.length === 0 ? (
        <p className="empty-state">No messages from the contact form.</p>
      ) : (
        <ul className="admin-messages">
          {messages.messages.map((m) => (
            <li key={m.id} className="card admin-message">
              <article aria-labelledby={`contact-${m.id}`}>
                <h3 id={`contact-${m.id}`} className="admin-message__subject">
                  {m.subject}
                </h3>
                <p className="admin-message__meta">
                  {m.name} &lt;<span className="admin-table__email">{m.email}</span>&gt;
                  {m.category ? <span className="badge">{CONTACT_CATEGORY_LABELS[m.category]}</span> : null} ·{" "}
                  <LocalDate iso={m.createdAt} />
                </p>
                <p className="admin-message__body">{m.message}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="section-head__actions admin-pages" aria-label="Contact message pages">
          <Button variant="outline" size="sm" isDisabled={messages.page <= 1} onPress={() => go(messages.page - 1)}>
            Previous
          </Button>
          <span>
            Page {messages.page} of {pages}
          </span>
          <Button variant="outline" size="sm" isDisabled={messages.page >= pages} onPress={() => go(messages.page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

/** A count with its noun in the right number: '1 User', '12 Users'. */
function Stat({ value, one, many }: { value: number; one: string; many: string }) {
  return (
    <li className="overview-stat">
      <span className="overview-stat__value">{value}</span> <span className="overview-stat__label">{value === 1 ? one : many}</span>
    </li>
  );
}

/**
 * The users table's roles, stated: on a phone its rows are stacked (display: grid), and browsers then
 * drop a table's implicit roles, so screen readers would no longer hear a table.
 */
const TABLE_ROLES = {
  table: { role: "table" },
  rowgroup: { role: "rowgroup" },
  row: { role: "row" },
  columnheader: { role: "columnheader" },
  cell: { role: "cell" },
} as const;

function UsersSection({ users }: { users: AdminUsersResponse }) {
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [text, setText] = useState(params.get("users") ?? "");
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pages = Math.max(1, Math.ceil(users.total / users.pageSize));

  function go(search: string, page: number) {
    const next = new URLSearchParams(params);
    if (search.trim()) next.set("users", search.trim());
    else next.delete("users");
    if (page > 1) next.set("page", String(page));
    else next.delete("page");
    setParams(next, { replace: true, preventScrollReset: true });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    go(text, 1);
  }

  async function remove(user: AdminUser) {
    try {
      await adminApi.deleteUser(user.id);
      await revalidator.revalidate();
      toast({ title: "User Deleted", description: `${user.email} and everything of theirs was deleted.` });
      headingRef.current?.focus();
    } catch (err) {
      toast({ title: "Delete Failed", description: failureMessage(err, "Failed to delete user account."), variant: "destructive" });
    }
  }

  return (
    <section aria-labelledby="admin-users-title">
      <div className="section-head">
        <h2 id="admin-users-title" ref={headingRef} tabIndex={-1}>
          Users ({users.total})
        </h2>
      </div>
      <form className="history-search" onSubmit={onSubmit} aria-label="Search users">
        <TextField
          label="Search by name or email"
          type="search"
          name="users"
          value={text}
          onChange={setText}
          maxLength={ADMIN_USERS_SEARCH_MAX}
          autoComplete="off"
        />
        <Button type="submit">Search</Button>
        <Button
          variant="outline"
          isDisabled={!text && !params.get("users")}
          onPress={() => {
            setText("");
            go("", 1);
          }}
        >
          Clear
        </Button>
      </form>
      {users.users.length === 0 ? (
        <p className="empty-state">No users found.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on a phone takes focus so the keyboard can scroll it
        <section className="admin-table-wrap" aria-label="Users table" tabIndex={0}>
          <table className="admin-table" {...TABLE_ROLES.table}>
            <caption className="visually-hidden">Users, newest first</caption>
            <thead {...TABLE_ROLES.rowgroup}>
              <tr {...TABLE_ROLES.row}>
                <th {...TABLE_ROLES.columnheader} scope="col">
                  Name
                </th>
                <th {...TABLE_ROLES.columnheader} scope="col">
                  Email
                </th>
                <th {...TABLE_ROLES.columnheader} scope="col">
                  Joined
                </th>
                <th {...TABLE_ROLES.columnheader} scope="col" className="num">
                  Recipes
                </th>
                <th {...TABLE_ROLES.columnheader} scope="col" className="num">
                  Lists
                </th>
                <th {...TABLE_ROLES.columnheader} scope="col" className="num">
                  Favorites
                </th>
                <th {...TABLE_ROLES.columnheader} scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody {...TABLE_ROLES.rowgroup}>
              {users.users.map((u) => (
                <tr key={u.id} {...TABLE_ROLES.row}>
                  <td {...TABLE_ROLES.cell} className="admin-table__name">
                    {`${u.firstName} ${u.lastName}`.trim() || "—"}
                    {u.isAdmin ? <span className="badge">Admin</span> : null}
                  </td>
                  <td {...TABLE_ROLES.cell} className="admin-table__email">
                    {u.email}
                  </td>
                  <td {...TABLE_ROLES.cell} data-label="Joined">
                    <LocalDate iso={u.createdAt} />
                  </td>
                  <td {...TABLE_ROLES.cell} className="num" data-label="Recipes">
                    {u.counts.recipes}
                  </td>
                  <td {...TABLE_ROLES.cell} className="num" data-label="Lists">
                    {u.counts.shoppingLists}
                  </td>
                  <td {...TABLE_ROLES.cell} className="num" data-label="Favorites">
                    {u.counts.favoriteRecipes}
                  </td>
                  <td {...TABLE_ROLES.cell} className="admin-table__actions">
                    {u.isAdmin ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="fav-card__delete"
                        aria-label={`Delete ${u.email}`}
                        onPress={() => setDeleting(u)}
                      >
                        Delete
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {pages > 1 ? (
        <nav className="section-head__actions admin-pages" aria-label="User pages">
          <Button variant="outline" size="sm" isDisabled={users.page <= 1} onPress={() => go(params.get("users") ?? "", users.page - 1)}>
            Previous
          </Button>
          <span>
            Page {users.page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            isDisabled={users.page >= pages}
            onPress={() => go(params.get("users") ?? "", users.page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete user"
          message={`Delete ${deleting.email}? Their recipes, shopping lists and favorites are deleted with the account. This cannot be undone.`}
          confirmLabel="Delete User"
          isOpen
          onOpenChange={(open) => !open && setDeleting(null)}
          onConfirm={() => remove(deleting)}
        />
      ) : null}
    </section>
  );
}
