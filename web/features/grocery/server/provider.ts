/**
 * A grocery provider: finds stores near a ZIP and turns our list into a checkout page. The real
 * one is Instacart's Developer Platform (instacart.ts); without a key the demo (demo.ts) stands in
 * so the whole flow works locally. Services above this know nothing of either's HTTP.
 */
import type { Store } from "../contract.ts";
import type { GroceryLineItem } from "../../../../core/grocery/line-items.ts";

export interface CheckoutRequest {
  /** Our order id (already chosen; the demo's checkout page is addressed by it). */
  orderId: string;
  title: string;
  lineItems: GroceryLineItem[];
  /** Link back to our list page, shown on the provider's page. */
  linkbackUrl: string;
  store: { id: string; name: string };
}

export interface CheckoutLink {
  /** Where the shopper goes to check out; null when the provider gave none. */
  url: string | null;
  /** The provider's own link before any store preselection (what we cache per list version). */
  baseUrl: string | null;
}

export interface GroceryProvider {
  readonly name: "instacart";
  /** True for the built-in demo: every place that shows its results says so. */
  readonly demo: boolean;
  /** Whether a link made for one version of a list can be reused for the same version. */
  readonly reusableLinks: boolean;
  searchStores(zip: string): Promise<Store[]>;
  createCheckout(req: CheckoutRequest): Promise<CheckoutLink>;
  /** The checkout link for a cached provider link and a (possibly different) store. */
  linkForStore(baseUrl: string, store: { id: string }): string;
}
