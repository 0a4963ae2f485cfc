/**
 * The demo provider's stores: a small made-up set for a few ZIP areas (first three digits), so the
 * order flow can be tried without an Instacart key. Names say "Demo" so nobody mistakes them for
 * real shops. Other ZIP areas have no demo stores ('No stores found').
 */
import type { Store } from "../contract.ts";

type DemoStore = Omit<Store, "id" | "logoUrl"> & { id: string };

const S = (
  id: string,
  name: string,
  street: string,
  city: string,
  state: string,
  eta: string | null,
  delivery: boolean,
  pickup: boolean,
): DemoStore => ({
  id,
  name,
  address: { street, city, state },
  estimatedDeliveryTime: eta,
  deliveryAvailable: delivery,
  pickupAvailable: pickup,
});

export const DEMO_STORES_BY_AREA: Readonly<Record<string, readonly DemoStore[]>> = {
  "100": [
    S("demo-nyc-1", "Demo Fresh Market", "120 W 23rd St", "New York", "NY", "1-2 hours", true, true),
    S("demo-nyc-2", "Demo Corner Grocer", "45 Bleecker St", "New York", "NY", "2-3 hours", true, false),
    S("demo-nyc-3", "Demo Organic Pantry", "300 E 14th St", "New York", "NY", null, false, true),
  ],
  "941": [
    S("demo-sf-1", "Demo Bay Foods", "1450 Mission St", "San Francisco", "CA", "1 hour", true, true),
    S("demo-sf-2", "Demo Valencia Produce", "800 Valencia St", "San Francisco", "CA", "2 hours", true, false),
  ],
  "606": [
    S("demo-chi-1", "Demo Lakeside Grocery", "200 N State St", "Chicago", "IL", "1-2 hours", true, true),
    S("demo-chi-2", "Demo Loop Market", "75 W Madison St", "Chicago", "IL", "3 hours", true, true),
  ],
  "787": [S("demo-atx-1", "Demo Hill Country Foods", "600 Congress Ave", "Austin", "TX", "2 hours", true, true)],
};

/** ZIPs to try in the demo (one per area). */
export const DEMO_ZIPS = ["10001", "94103", "60601", "78701"] as const;

export function demoStoresNear(zip: string): Store[] {
  return (DEMO_STORES_BY_AREA[zip.slice(0, 3)] ?? []).map((s) => ({ ...s, logoUrl: null }));
}
