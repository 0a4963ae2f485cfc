/**
 * Shared e2e helper: accounts made and signed in through the API with a page's own request context,
 * so the session cookie lands in that browser context (the pages then render signed in from the
 * server). Each call makes a fresh e-mail address.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL } from "./browser.ts";

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;
export function newEmail(tag: string): string {
  counter++;
  return `e2e-${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Registers a new account in the page's browser context (signed in by cookie). */
export async function registerViaApi(page: Page, tag: string, firstName = "Ada"): Promise<TestUser> {
  const user = { firstName, lastName: "Cook", email: newEmail(tag), password: "correct horse battery" };
  const res = await page.request.post("/api/auth/register", { data: user, headers: { origin: baseURL() } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return user;
}

/** Signs in an existing account in the page's browser context. */
export async function signInViaApi(page: Page, user: Pick<TestUser, "email" | "password">): Promise<void> {
  const res = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL() },
  });
  expect(res.status(), await res.text()).toBe(200);
}
