import { describe, expect, it } from "vitest";
import { OAUTH_ERROR_CODES, oauthErrorMessage } from "./auth.ts";
import { expectDefined } from "../lib/expect-defined.ts";

describe("oauthErrorMessage (why an OAuth sign-in came back to /auth)", () => {
  it("has no message without a code", () => {
    expect(oauthErrorMessage(null, "google")).toBeNull();
    expect(oauthErrorMessage("", "github")).toBeNull();
  });

  it("names the provider in each code's own message", () => {
    const seen = new Set<string>();
    for (const code of OAUTH_ERROR_CODES) {
      const m = expectDefined(oauthErrorMessage(code, "github"));
      if (code !== "rate_limited") expect(m).toContain("GitHub");
      seen.add(m);
    }
    expect(seen.size).toBe(OAUTH_ERROR_CODES.length);
    expect(oauthErrorMessage("access_denied", "google")).toBe("Sign-in with Google was cancelled.");
    expect(oauthErrorMessage("rate_limited", "google")).toBe("Too many sign-in attempts. Please wait a minute and try again.");
  });

  it("an unknown code or provider still reads as a sentence, never echoing the query", () => {
    expect(oauthErrorMessage("<script>", "evil")).toBe("Sign-in with the provider did not work. Please try again.");
  });
});
