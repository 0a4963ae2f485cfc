/**
 * The demo provider, used when no INSTACART_API_KEY is configured: stores near a ZIP come from a
 * small fixture (demo-stores.ts) and "checkout" is a page inside the app, /checkout/demo/{orderId},
 * that shows what would have been ordered. Everything it produces is labelled as a demo.
 */
import { demoStoresNear } from "./demo-stores.ts";
import type { CheckoutLink, CheckoutRequest, GroceryProvider } from "./provider.ts";

/** `appOrigin` (APP_ORIGIN) is asked when a checkout link is made, not for a store search. */
export function createDemoProvider(appOrigin: () => string): GroceryProvider {
  return {
    name: "instacart",
    demo: true,
    reusableLinks: false,
    async searchStores(zip: string) {
      return demoStoresNear(zip);
    },
    async createCheckout(req: CheckoutRequest): Promise<CheckoutLink> {
      const url = `${appOrigin().replace(/\/+$/, "")}/checkout/demo/${encodeURIComponent(req.orderId)}`;
      return { url, baseUrl: null };
    },
    linkForStore(baseUrl: string) {
      return baseUrl;
    },
  };
}
