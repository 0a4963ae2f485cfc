/**
 * The browser's client of the "shop your way" endpoints (core/api/shop-client.ts): the cookie session
 * and the global fetch, as web/lib/api-client.ts. Imported only by the pages that rename lists, edit
 * stores or plan a week, so none of it is in the home page's first load.
 */
import { shopGroup } from "../../core/api/shop-client.ts";
import { createTransport } from "../../core/api/transport.ts";

// `fetch` is looked up per call so tests can stub the global.
export const shopApi = shopGroup(createTransport({ fetch: (input, init) => fetch(input, init as RequestInit) }));
