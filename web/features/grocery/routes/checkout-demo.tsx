/**
 * /checkout/demo/{orderId}: the demo provider's "checkout" (no Instacart key configured). Shows what
 * would be sent to Instacart for this order, clearly labelled as a demo; nothing is bought.
 */
import { useEffect, useState } from "react";
import type { DemoOrder } from "../contract.ts";
import { ApiError } from "../../../lib/api.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { Link } from "../../../ui/link.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import type { Route } from "./+types/checkout-demo.ts";
import "../../../styles/grocery.css";
import { createGroceryClient } from "../contract.ts";

const grocery = createGroceryClient({ fetch: (input, init) => fetch(input, init as RequestInit) });

export function meta() {
  return pageMeta({
    title: "Demo checkout",
    description: "What would be ordered through Instacart (demo: nothing is bought).",
    personal: true,
  });
}

type Load = { state: "loading" } | { state: "ready"; order: DemoOrder } | { state: "missing" } | { state: "failed" };

const unitText = (q: number, unit: string) => `${q} ${unit}`;

export default function DemoCheckoutPage({ params }: Route.ComponentProps) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    let live = true;
    grocery
      .demoOrder(params.orderId)
      .then((order) => live && setLoad({ state: "ready", order }))
      .catch((err) => live && setLoad({ state: err instanceof ApiError && err.status === 404 ? "missing" : "failed" }));
    return () => {
      live = false;
    };
  }, [params.orderId]);

  return (
    <div className="demo-checkout">
      <p className="demo-badge" role="note">
        Demo — no order is placed and nothing is charged
      </p>
      {load.state === "loading" ? (
        <Spinner label="Loading order" />
      ) : load.state === "missing" ? (
        <>
          <h1>Order Not Found</h1>
          <p>This demo order does not exist.</p>
        </>
      ) : load.state === "failed" ? (
        <p role="alert">Failed to load the order. Please try again.</p>
      ) : (
        <>
          <h1>Demo checkout</h1>
          <p>
            With an Instacart key configured, this is where Instacart's own page opens with <strong>{load.order.title}</strong> in the cart.
            Here is what would be sent:
          </p>
          <section aria-labelledby="demo-store" className="demo-checkout__store">
            <h2 id="demo-store">Store</h2>
            <p>
              {load.order.store.name}
              {load.order.store.address.street ? (
                <>
                  <br />
                  {load.order.store.address.street}, {load.order.store.address.city}, {load.order.store.address.state}
                </>
              ) : null}
            </p>
          </section>
          <section aria-labelledby="demo-items">
            <h2 id="demo-items">Items ({load.order.lineItems.length})</h2>
            <ul className="demo-checkout__items">
              {load.order.lineItems.map((li, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                <li key={i}>
                  <span className="demo-checkout__item">{li.display_text}</span>
                  {li.line_item_measurements.length ? (
                    <span className="demo-checkout__measures">
                      {li.line_item_measurements.map((m) => unitText(m.quantity, m.unit)).join(" or ")}
                    </span>
                  ) : (
                    <span className="demo-checkout__measures">store's usual size</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
          {load.order.unmatchedIngredients.length ? (
            <section aria-labelledby="demo-unmatched">
              <h2 id="demo-unmatched">Some Items Not Found ({load.order.unmatchedIngredients.length})</h2>
              <ul className="demo-checkout__items">
                {load.order.unmatchedIngredients.map((t, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                  <li key={i}>{t}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <p>
            <Link variant="primary" href={`/shopping-list/${load.order.listId}`}>
              Back to the list
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
