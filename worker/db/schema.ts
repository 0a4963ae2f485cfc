/**
 * The whole data model (docs/product/data.md). Tables are snake_case plural; drizzle's `casing: "snake_case"`
 * maps the camelCase fields to snake_case columns. Migrations are generated from this file by
 * drizzle-kit into migrations/ and applied by wrangler (see docs/decisions/0003-data-model.md).
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () => integer({ mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const updatedAt = () =>
  integer({ mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)
    .$onUpdate(() => new Date());

export const users = sqliteTable(
  "users",
  {
    id: text().primaryKey(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    email: text().notNull(),
    passwordHash: text().notNull(),
    /** SHA-256 of the reset token (hex); the token itself is only ever in the e-mail. */
    resetTokenHash: text(),
    resetTokenExpiry: integer({ mode: "timestamp_ms" }),
    /**
     * When the owner proved the address is theirs (an OAuth provider's verified e-mail, or a finished
     * password reset by mail); null while unproven (decision 0022).
     */
    emailVerifiedAt: integer({ mode: "timestamp_ms" }),
    isAdmin: integer({ mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique case-insensitively: "Ann@x.org" and "ann@x.org" are one account.
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    index("users_reset_token_idx").on(t.resetTokenHash),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the bearer/cookie token (hex). The token itself is never stored. */
    tokenHash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    /** Last time the session was renewed or signed in (sliding expiry is renewed at most daily). */
    lastUsedAt: integer({ mode: "timestamp_ms" }),
    /** The browser's User-Agent at sign-in, clipped (for the dashboard's sessions list). */
    userAgent: text(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Browsers that signed in to an account before (OWASP's device cookie): the `rc_device` cookie's token, stored
 * as its SHA-256 only, linked to each account that signed in with it. Such a browser gets past the per-account
 * sign-in lockout (it has its own limit), so a stranger's wrong guesses cannot lock the owner out.
 */
export const knownDevices = sqliteTable(
  "known_devices",
  {
    tokenHash: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index("known_devices_user_idx").on(t.userId, t.lastUsedAt)],
);

/**
 * An account at an OAuth provider (Google, GitHub) linked to a user (decisions 0022, 0022). The
 * provider's own stable user id is the key; the e-mail is what the provider said at linking time.
 */
export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text().notNull(),
    providerUserId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("oauth_accounts_user_idx").on(t.userId)],
);

/** One saved ingredient line: what the author wrote plus what the parser made of it. */
export interface StoredIngredient {
  text: string;
  /** Group heading the line sits under on the page ("For the sauce"), if any. */
  group?: string | null;
  parsed?: unknown;
}

export const recipes = sqliteTable(
  "recipes",
  {
    id: text().primaryKey(),
    title: text().notNull(),
    url: text(),
    source: text().notNull(),
    /** Parsed structure plus original lines, in page order. */
    ingredients: text({ mode: "json" }).$type<StoredIngredient[]>().notNull(),
    /** Extra page data kept for display (image, yields, times, author...). */
    details: text({ mode: "json" }).$type<Record<string, unknown>>(),
    userId: text().references(() => users.id, { onDelete: "cascade" }),
    /**
     * SHA-256 (hex) of the edit token handed to the browser that made the recipe while signed out:
     * the right to change it and to claim it on sign-in (decision 0013). Null once owned.
     */
    editTokenHash: text(),
    /**
     * Set on a user's own copy of a recipe made while signed out, made when they favourite it
     * without its edit token (decision 0032): the id of that recipe (no foreign key: it may go).
     */
    copiedFromId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("recipes_user_created_idx").on(t.userId, t.createdAt), index("recipes_user_copied_idx").on(t.userId, t.copiedFromId)],
);

/**
 * A household (decision 0036): people who share shopping lists. Its owner made it; only the owner
 * removes members or deletes it. Deleting it (or its owner's account) hands its lists back to
 * their creators as personal lists (shopping_lists.household_id ON DELETE SET NULL).
 */
export const households = sqliteTable("households", {
  id: text().primaryKey(),
  name: text().notNull(),
  ownerId: text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** Who is in a household. A user is in at most one household (the unique index on user_id). */
export const householdMembers = sqliteTable(
  "household_members",
  {
    householdId: text()
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "owner" | "member". */
    role: text().notNull(),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.userId] }), uniqueIndex("household_members_user_unique").on(t.userId)],
);

/**
 * An invitation to a household: a link whose secret token only the invitee gets (in the link, or in
 * the e-mail sent through the outbox); only its SHA-256 is stored. Valid 7 days, used once, revocable
 * (decision 0007). The row stays after use, expiry or revocation, so a token never works twice.
 */
export const householdInvites = sqliteTable(
  "household_invites",
  {
    id: text().primaryKey(),
    householdId: text()
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    /** Where the invitation was e-mailed; null for a link handed over by the inviter. */
    email: text(),
    invitedBy: text().notNull(),
    createdAt: createdAt(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer({ mode: "timestamp_ms" }),
    acceptedBy: text(),
    revokedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("household_invites_token_unique").on(t.tokenHash),
    index("household_invites_household_idx").on(t.householdId, t.createdAt),
  ],
);

/**
 * What happened to a household's membership (decision 0036): invites made, sent, revoked and accepted,
 * members removed or leaving, the household made or deleted, lists moved in or out. Written in the
 * same batch as the change. No foreign keys: a line outlives the household and the people in it.
 */
export const householdAuditLog = sqliteTable(
  "household_audit_log",
  {
    id: text().primaryKey(),
    householdId: text().notNull(),
    action: text().notNull(),
    actorId: text().notNull(),
    /** The member removed or joining, the invite, or the list the action was about. */
    subjectId: text(),
    details: text({ mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("household_audit_log_household_idx").on(t.householdId, t.createdAt)],
);

/**
 * A shopper's store (decision 0048): its name, the 17 aisles in the order the shopper walks it and the
 * aisles it does not have. Made in a household, it is the household's (every member sees, uses and
 * changes it); deleting the household hands it back to its maker. Lists shown for it follow its order.
 */
export const stores = sqliteTable(
  "stores",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    householdId: text().references(() => households.id, { onDelete: "set null" }),
    name: text().notNull(),
    /** The aisles in walking order (JSON array of category names). */
    aisles: text({ mode: "json" }).$type<string[]>().notNull(),
    /** Aisles the store does not have (JSON array). */
    hidden: text({ mode: "json" }).$type<string[]>().notNull(),
    /** When a list was last shown for it: the newest is the next list's store. */
    lastUsedAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("stores_user_idx").on(t.userId, t.createdAt), index("stores_household_idx").on(t.householdId, t.createdAt)],
);

export const shoppingLists = sqliteTable(
  "shopping_lists",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    userId: text().references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the signed-out creator's edit token (decision 0013). Null once owned. */
    editTokenHash: text(),
    /** Set while the list is a household list: every member reads and changes it, nobody else (decision 0036). */
    householdId: text().references(() => households.id, { onDelete: "set null" }),
    /** The list's change counter: each applied batch of changes takes the next number (the server order, decision 0037). */
    version: integer().notNull().default(0),
    /** The store the list is shown for (its aisle order, decision 0048); null: the usual order. */
    storeId: text().references(() => stores.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A user's lists, newest first (history, dashboard).
  (t) => [
    index("shopping_lists_user_created_idx").on(t.userId, t.createdAt),
    index("shopping_lists_household_idx").on(t.householdId, t.createdAt),
  ],
);

/** Operation ids a list has applied (decision 0037): an operation sent again is not applied twice. */
export const listOps = sqliteTable(
  "list_ops",
  {
    listId: text()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    opId: text().notNull(),
    /** The list version that applied it. */
    version: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.opId] }), index("list_ops_created_idx").on(t.createdAt)],
);

/** Items removed from a list (decision 0037): a change or an add naming one of these ids never brings it back. */
export const listRemovedItems = sqliteTable(
  "list_removed_items",
  {
    listId: text()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    itemId: text().notNull(),
    version: integer().notNull(),
    removedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.itemId] })],
);

/**
 * An added item folded into an item already on the list (two people adding 'milk' at once, decision
 * 0037): changes sent to the added item's id go to the item it joined.
 */
export const listItemAliases = sqliteTable(
  "list_item_aliases",
  {
    listId: text()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    aliasId: text().notNull(),
    itemId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.aliasId] })],
);

/** One line of a list. Rows (not a JSON blob) so one item can be removed or checked off by id. */
export const shoppingListItems = sqliteTable(
  "shopping_list_items",
  {
    id: text().primaryKey(),
    listId: text()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    category: text().notNull(),
    /** Canonical item key from the combiner ("onion"). */
    itemKey: text().notNull(),
    name: text().notNull(),
    /** Display amount, e.g. "3 tbsp" or "1 cup + 200 g"; empty when none. */
    amount: text().notNull().default(""),
    /** Machine amounts: [{quantity, unit}]. */
    amounts: text({ mode: "json" }).$type<{ quantity: number | null; unit: string | null }[]>().notNull(),
    notes: text(),
    /** Which recipes asked for this item and with which original lines. */
    sources: text({ mode: "json" }).$type<{ recipeId: string | null; recipe: string; line: string }[]>().notNull(),
    position: integer().notNull(),
    checked: integer({ mode: "boolean" }).notNull().default(false),
    /** Time of the tap that set `checked` (ms, the tapping device's clock; 0 = never tapped). Last tap wins (decision 0029). */
    checkedAt: integer().notNull().default(0),
    /** Typed in on the list page ('paper towels'), not from a recipe. */
    addedByHand: integer({ mode: "boolean" }).notNull().default(false),
    /** In the 'You probably have' group (decision 0028) until someone taps 'I need this'. */
    staple: integer({ mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("shopping_list_items_list_idx").on(t.listId, t.position)],
);

/** A signed-in user's category for an item key: their correction beats the categoriser next time (decision 0029). */
export const userItemCategories = sqliteTable(
  "user_item_categories",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemKey: text().notNull(),
    category: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemKey] })],
);

/** A signed-in user's own staples: `have` true adds a staple, false takes a default one off (decision 0028). */
export const userStaples = sqliteTable(
  "user_staples",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemKey: text().notNull(),
    have: integer({ mode: "boolean" }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemKey] })],
);

/**
 * Read-only share links of a list (decision 0031): the link's id is the right to read the list
 * (never its own id), until the owner revokes it (revoked_at set; the row stays so the id is never live again).
 * At most one live share per list (web/features/share/server/queries.ts inserts only when none is live).
 */
export const listShares = sqliteTable(
  "list_shares",
  {
    id: text().primaryKey(),
    listId: text()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    revokedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [index("list_shares_list_idx").on(t.listId)],
);

/** The recipes a list was built from. The title is kept so the list still reads well if a recipe is deleted. */
export const shoppingListRecipes = sqliteTable(
  "shopping_list_recipes",
  {
    listId: text()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    recipeId: text().notNull(),
    title: text().notNull(),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.recipeId] }), index("shopping_list_recipes_recipe_idx").on(t.recipeId)],
);

export const favoriteRecipes = sqliteTable(
  "favorite_recipes",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipeId: text()
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favorite_recipes_user_recipe_unique").on(t.userId, t.recipeId),
    index("favorite_recipes_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const favoriteLists = sqliteTable(
  "favorite_lists",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shoppingListId: text()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favorite_lists_user_list_unique").on(t.userId, t.shoppingListId),
    index("favorite_lists_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const recipeDomains = sqliteTable(
  "recipe_domains",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    domain: text().notNull().unique(),
    parseCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("recipe_domains_count_idx").on(t.parseCount)],
);

/**
 * Pages parsed successfully recently: a URL parsed in the last 24 h is served from here. Pruned by
 * age (on each write) and to a total cap (the scheduled job), both by `fetched_at`.
 */
export const parsedPages = sqliteTable(
  "parsed_pages",
  {
    url: text().primaryKey(),
    recipe: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
    fetchedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("parsed_pages_fetched_at_idx").on(t.fetchedAt)],
);

export interface StoreAddress {
  street: string;
  city: string;
  state: string;
  zip?: string;
}

export const groceryStores = sqliteTable(
  "grocery_stores",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    provider: text().notNull(),
    banner: text(),
    address: text({ mode: "json" }).$type<StoreAddress>().notNull(),
    deliveryAvailable: integer({ mode: "boolean" }).notNull().default(true),
    pickupAvailable: integer({ mode: "boolean" }).notNull().default(false),
    estimatedDeliveryTime: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("grocery_stores_provider_idx").on(t.provider)],
);

export const userGroceryPreferences = sqliteTable(
  "user_grocery_preferences",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    preferredStoreId: text().references(() => groceryStores.id, { onDelete: "set null" }),
    deliveryAddress: text({ mode: "json" }).$type<StoreAddress>(),
    deliveryInstructions: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("user_grocery_preferences_user_provider_unique").on(t.userId, t.provider)],
);

export const groceryOrders = sqliteTable(
  "grocery_orders",
  {
    id: text().primaryKey(),
    userId: text().references(() => users.id, { onDelete: "cascade" }),
    shoppingListId: text()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    storeId: text(),
    externalOrderId: text(),
    checkoutUrl: text(),
    /** Exact decimal: the order total in cents (DECIMAL(10,2) = at most 99,999,999.99). */
    totalAmountCents: integer(),
    status: text().notNull().default("pending"),
    unmatchedIngredients: text({ mode: "json" }).$type<string[]>(),
    orderDetails: text({ mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("grocery_orders_user_idx").on(t.userId), index("grocery_orders_list_idx").on(t.shoppingListId)],
);

/**
 * A change of an account's e-mail address, kept 7 days so the old address can undo it (decision 0045):
 * the mail to the old address carries the undo token; only its SHA-256 is stored. `undoneAt` is set when
 * the change was undone, or spent by the undo of an earlier change. Pruned once expired.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    undoTokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    undoneAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("email_changes_undo_token_unique").on(t.undoTokenHash), index("email_changes_user_idx").on(t.userId, t.createdAt)],
);

/** Outgoing e-mail, written in the same batch as the change that causes it and sent by the mailer. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** Reply-To for the mail (a contact message: the sender's validated address, decision 0021); null: none. */
    replyTo: text(),
    /**
     * The live secret the mail carries (a reset or invitation token), kept only until the mail is sent: then
     * it is cut out of the text and HTML and this column is emptied (decision 0021).
     */
    secret: text(),
    /**
     * Extra headers sent with the mail (a shopping list's List-Unsubscribe and List-Unsubscribe-Post,
     * decision 0044), JSON; null: none. Kept with the row so every retry sends the same mail.
     */
    headers: text({ mode: "json" }).$type<Record<string, string>>(),
    kind: text().notNull(),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When the next delivery attempt is due (backoff after a failure; a lease while sending). */
    nextAttemptAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
    sentAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [index("mail_outbox_status_idx").on(t.status, t.createdAt)],
);

/**
 * One e-mailed shopping list (decision 0021): what the per-day limits count. The recipient is kept
 * only as a SHA-256 of the lower-cased address; the mail itself is in mail_outbox.
 */
export const listEmailSends = sqliteTable(
  "list_email_sends",
  {
    id: text().primaryKey(),
    listId: text()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    /** "u:<user id>" or "c:<client key>". */
    senderKey: text().notNull(),
    recipientHash: text().notNull(),
    outboxId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("list_email_sends_sender_idx").on(t.senderKey, t.createdAt),
    index("list_email_sends_recipient_idx").on(t.recipientHash, t.createdAt),
    index("list_email_sends_list_idx").on(t.listId, t.createdAt),
  ],
);

/**
 * Addresses that asked not to be sent shopping lists (decision 0044), by SHA-256 of the trimmed, lower-cased
 * address only. Honoured for every later list mail to that address; account mails (reset, verification) still go.
 */
export const mailOptOuts = sqliteTable("mail_opt_outs", {
  addressHash: text().primaryKey(),
  createdAt: createdAt(),
});

/**
 * The 'Don't send me lists' link of one list mail (decision 0044): SHA-256 of the link's random token and the
 * hash of the address it went to. Whoever holds the link may opt that address out (or back in); nothing else.
 */
export const mailOptOutLinks = sqliteTable(
  "mail_opt_out_links",
  {
    tokenHash: text().primaryKey(),
    addressHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_opt_out_links_created_idx").on(t.createdAt)],
);

/**
 * A link that proves an account's e-mail address (decision 0044): SHA-256 of the mailed token, the address it
 * was sent to (a link for an old address proves nothing once the account's address changed) and its expiry.
 */
export const emailVerifications = sqliteTable(
  "email_verifications",
  {
    tokenHash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text().notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_verifications_user_idx").on(t.userId, t.createdAt)],
);

/**
 * What admins did to accounts (decision 0033): one row per admin action, written in the same batch
 * as the action. No foreign keys: the line outlives both the admin and the deleted user.
 */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: text().primaryKey(),
    /** "delete_user". */
    action: text().notNull(),
    actorId: text().notNull(),
    actorEmail: text().notNull(),
    targetId: text().notNull(),
    targetEmail: text().notNull(),
    /** Extra facts (what was removed with the account). */
    details: text({ mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt), index("admin_audit_log_target_idx").on(t.targetId)],
);

/**
 * A message sent with the contact form (decision 0021). Kept 2 years (the Privacy Policy): older rows are
 * deleted whenever a message is stored and by the scheduled cleanup. The mail to the support address is
 * its outbox row (`outboxId`, null when no SUPPORT_EMAIL is set).
 */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    /** general | technical | feature | bug | account, or null when none was chosen. */
    category: text(),
    message: text().notNull(),
    outboxId: text(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
