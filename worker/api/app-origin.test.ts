/**
 * Every absolute link the server hands out is built on APP_ORIGIN (https://recipecart.test in the test
 * configuration), never on the request's Host: a request to `evil.example` gets links to recipecart.test
 * in the reset mail, the share link, the demo checkout, Instacart's link back, the OAuth redirect_uri and the
 * list e-mail. A server without APP_ORIGIN refuses to make links instead of guessing one.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../db/client.ts";
import { mailOutbox, users } from "../db/schema.ts";
import { newId } from "../lib/ids.ts";
import worker from "../index.ts";
import { fakeOAuthEnv } from "../test/fake-oauth.ts";
import { addUser, makeList, manualRecipe, type TestUser } from "../test/signed-in.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const db = createDb(env.DB);
const EVIL = "http://evil.example";
const APP = "https://recipecart.test";
let ip = 0;

/** One request as a client that chose its own Host, through the whole Worker (mail delivery awaited). */
async function fromEvilHost(
  path: string,
  init: { method?: string; json?: unknown; as?: TestUser; env?: Record<string, string> } = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const headers = new Headers({ host: "evil.example", "cf-connecting-ip": `2001:db8:ee::${(++ip).toString(16)}` });
  if (init.json !== undefined) headers.set("content-type", "application/json");
  if (init.as) headers.set("authorization", `Bearer ${init.as.token}`);
  const request = new Request(`${EVIL}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: "manual",
  }) as Request<unknown, IncomingRequestCfProperties>;
  const res = await worker.fetch(request, { ...env, ...init.env } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const mailsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("links come from APP_ORIGIN, never from the request's Host", () => {
  it("the password-reset mail links to APP_ORIGIN", async () => {
    const email = `reset-${newId().toLowerCase()}@example.org`;
    await db.insert(users).values({ id: newId(), email, passwordHash: "x" });
    const res = await fromEvilHost("/api/auth/forgot-password", { method: "POST", json: { email } });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(email);
    const text = `${expectDefined(mail).text}\n${expectDefined(mail).html}`;
    expect(text).toContain(`${APP}/reset-password?token=`);
    expect(text).not.toContain("evil.example");
  });

  it("a share link, the demo checkout and the list e-mail's link back point at APP_ORIGIN", async () => {
    const owner = await addUser();
    const recipe = await manualRecipe("Soup", ["2 cups milk", "1 onion"], owner);
    const list = await makeList("Soup week", [recipe.id], owner);

    const share = await fromEvilHost(`/api/shopping-lists/${list.id}/shares`, { method: "POST", as: owner });
    expect(share.status).toBe(201);
    expect(((await share.json()) as { url: string }).url).toMatch(new RegExp(`^${APP}/s/`));

    expect((await fromEvilHost("/api/grocery/instacart/stores/search?zip=94103", { as: owner })).status).toBe(200);
    const order = await fromEvilHost(`/api/shopping-lists/${list.id}/grocery-order`, {
      method: "POST",
      as: owner,
      json: { provider: "instacart", storeId: "demo:demo-sf-1", userSelections: {} },
    });
    expect(order.status).toBe(201);
    expect(((await order.json()) as { checkoutUrl: string }).checkoutUrl).toMatch(new RegExp(`^${APP}/checkout/demo/`));

    const to = owner.email;
    const sent = await fromEvilHost(`/api/shopping-lists/${list.id}/email`, { method: "POST", as: owner, json: { email: to } });
    expect(sent.status).toBe(202);
    const [mail] = await mailsTo(to);
    expect(expectDefined(mail).text).toContain(`${APP}/shopping-list/${list.id}`);
    expect(`${expectDefined(mail).text}${expectDefined(mail).html}`).not.toContain("evil.example");
  });

  it("Instacart's link back to the list (partner_linkback_url) is on APP_ORIGIN", async () => {
    const base = inject("instacartBaseUrl");
    const instacart = { INSTACART_API_KEY: "test-instacart-key", INSTACART_BASE_URL: base };
    const owner = await addUser();
    const recipe = await manualRecipe("Linkback", ["2 cups milk"], owner);
    const title = `Linkback ${newId()}`;
    const list = await makeList(title, [recipe.id], owner);
    expect((await fromEvilHost("/api/grocery/instacart/stores/search?zip=94103", { as: owner, env: instacart })).status).toBe(200);
    const order = await fromEvilHost(`/api/shopping-lists/${list.id}/grocery-order`, {
      method: "POST",
      as: owner,
      env: instacart,
      json: { provider: "instacart", storeId: "instacart:fake-foods", userSelections: {} },
    });
    expect(order.status, await order.clone().text()).toBe(201);
    const calls = (await (await fetch(`${base}/__calls?key=${encodeURIComponent(title)}`)).json()) as {
      bodies: { landing_page_configuration?: { partner_linkback_url?: string } }[];
    };
    expect(expectDefined(calls.bodies[0]).landing_page_configuration?.partner_linkback_url).toBe(`${APP}/shopping-list/${list.id}`);
  });

  it("the OAuth redirect_uri sent to the provider is on APP_ORIGIN", async () => {
    const res = await fromEvilHost("/api/auth/oauth/google/start", { env: fakeOAuthEnv(inject("oauthBaseUrl")) });
    expect(res.status).toBe(303);
    const location = new URL(expectDefined(res.headers.get("location")));
    expect(location.searchParams.get("redirect_uri")).toBe(`${APP}/api/auth/oauth/google/callback`);
  });
});

describe("a server without APP_ORIGIN makes no links at all", () => {
  const noOrigin = { APP_ORIGIN: "" };

  it("a share link answers 500 (logged), and the OAuth start lands on /auth with a message", async () => {
    const owner = await addUser();
    const recipe = await manualRecipe("No origin", ["1 onion"], owner);
    const list = await makeList("No origin", [recipe.id], owner);
    const share = await fromEvilHost(`/api/shopping-lists/${list.id}/shares`, { method: "POST", as: owner, env: noOrigin });
    expect(share.status).toBe(500);
    expect(await share.text()).not.toContain("evil.example");
    const start = await fromEvilHost("/api/auth/oauth/google/start", { env: { ...fakeOAuthEnv(inject("oauthBaseUrl")), ...noOrigin } });
    expect(start.status).toBe(303);
    expect(start.headers.get("location")).toBe("/auth?oauth_error=server_error&provider=google");
  });

  it("forgot-password queues no mail with a link to the Host", async () => {
    const email = `noorigin-${newId().toLowerCase()}@example.org`;
    await db.insert(users).values({ id: newId(), email, passwordHash: "x" });
    await fromEvilHost("/api/auth/forgot-password", { method: "POST", json: { email }, env: noOrigin });
    for (const mail of await mailsTo(email)) expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
  });
});
