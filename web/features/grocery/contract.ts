/**
 * Wire schemas of ordering for delivery (docs/product/data.md, api.md): store search and grocery orders, shared by
 * the Worker and the web client.
 */
import { z } from "zod";
import { callEndpoint, endpoint } from "../../../core/api/endpoint.ts";
import { type ApiClientOptions, createTransport, type Transport } from "../../../core/api/transport.ts";

/** The providers docs/product/constants.md names; only instacart is enabled (the others have no public cart API). */
export const GROCERY_PROVIDERS = ["instacart", "uber_eats", "doordash"] as const;
export type GroceryProviderName = (typeof GROCERY_PROVIDERS)[number];
export const ENABLED_PROVIDERS: readonly GroceryProviderName[] = ["instacart"];

/** docs/product/constants.md: the ZIP field takes at most 5 characters. */
export const ZIP_MAX = 5;
/** A US ZIP code: five digits (checked in the order dialog before a search, and by the API). */
export const ZIP_PATTERN = /^\d{5}$/;
export const ZIP_INVALID = "Enter a 5-digit US ZIP code.";
export const ZipSchema = z.string().trim().regex(ZIP_PATTERN, ZIP_INVALID);

export const StoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string() }),
  /** Null when the provider does not say (Instacart's retailer list has no delivery times). */
  estimatedDeliveryTime: z.string().nullable(),
  deliveryAvailable: z.boolean(),
  pickupAvailable: z.boolean(),
  logoUrl: z.string().nullable().optional(),
});
export type Store = z.infer<typeof StoreSchema>;

/** GET /api/grocery/{provider}/stores/search?zip= */
export const StoreSearchResultSchema = z.object({
  stores: z.array(StoreSchema),
  /** True when the stores come from the built-in demo (no provider key configured). */
  demo: z.boolean(),
});
export type StoreSearchResult = z.infer<typeof StoreSearchResultSchema>;

/** Body of POST /api/shopping-lists/{id}/grocery-order. */
export const CreateGroceryOrderRequestSchema = z.object({
  provider: z.string().min(1).max(32),
  storeId: z.string().trim().min(1, "Please select a store").max(200),
  /** docs/product/api.md sends an empty object; kept for later choices (substitutions...). */
  userSelections: z.record(z.string(), z.unknown()).optional().default({}),
  zip: ZipSchema.optional(),
});
export type CreateGroceryOrderRequest = z.input<typeof CreateGroceryOrderRequestSchema>;
export type CreateGroceryOrderBody = z.output<typeof CreateGroceryOrderRequestSchema>;

export const GroceryOrderResultSchema = z.object({
  checkoutUrl: z.string().nullable(),
  order: z.object({ id: z.string() }),
  unmatchedIngredients: z.array(z.string()),
  demo: z.boolean(),
});
export type GroceryOrderResult = z.infer<typeof GroceryOrderResultSchema>;

/** GET /api/grocery/{provider}/preferences (signed in): what to preselect next time. */
export const GroceryPreferencesSchema = z.object({
  zip: z.string().nullable(),
  storeId: z.string().nullable(),
});
export type GroceryPreferences = z.infer<typeof GroceryPreferencesSchema>;

/** GET /api/grocery/demo-orders/{id}: what the demo checkout page shows. */
export const DemoOrderSchema = z.object({
  id: z.string(),
  title: z.string(),
  listId: z.string(),
  store: z.object({ name: z.string(), address: z.object({ street: z.string(), city: z.string(), state: z.string() }) }),
  lineItems: z.array(
    z.object({
      name: z.string(),
      display_text: z.string(),
      line_item_measurements: z.array(z.object({ quantity: z.number(), unit: z.string() })),
    }),
  ),
  unmatchedIngredients: z.array(z.string()),
  createdAt: z.string(),
});
export type DemoOrder = z.infer<typeof DemoOrderSchema>;

/** GET /api/grocery/{provider}/stores/search?zip=... */
export const StoreSearchQuerySchema = z.object({ zip: z.string() });

/** Ordering for delivery: stores near a ZIP code, the user's preferences, an order for a list, the demo checkout. */
export const groceryEndpoints = {
  searchStores: endpoint("GET", "/api/grocery/:provider/stores/search", { query: StoreSearchQuerySchema, answer: StoreSearchResultSchema }),
  preferences: endpoint("GET", "/api/grocery/:provider/preferences", { answer: GroceryPreferencesSchema }),
  order: endpoint("POST", "/api/shopping-lists/:id/grocery-order", {
    request: CreateGroceryOrderRequestSchema,
    answer: GroceryOrderResultSchema,
  }),
  demoOrder: endpoint("GET", "/api/grocery/demo-orders/:id", { answer: DemoOrderSchema }),
};

/** The grocery calls over core's transport. */
export function groceryGroup(transport: Transport) {
  const ep = groceryEndpoints;
  return {
    searchStores: (provider: string, zip: string) => callEndpoint(transport, ep.searchStores, { params: { provider }, query: { zip } }),
    preferences: (provider: string) => callEndpoint(transport, ep.preferences, { params: { provider } }),
    order: (listId: string, body: CreateGroceryOrderRequest) => callEndpoint(transport, ep.order, { params: { id: listId }, body }),
    demoOrder: (orderId: string) => callEndpoint(transport, ep.demoOrder, { params: { id: orderId } }),
  };
}

/** The grocery group on a transport of its own (the order dialog's and the demo checkout's client). */
export const createGroceryClient = (options: ApiClientOptions) => groceryGroup(createTransport(options));
