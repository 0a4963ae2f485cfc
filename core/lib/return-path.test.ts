import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPath } from "./return-path.ts";

describe("the page sign-in returns to", () => {
  it("takes a path on this site, with its query", () => {
    expect(safeReturnPath("/favorites")).toBe("/favorites");
    expect(safeReturnPath("/dashboard?tab=history&search=eggs")).toBe("/dashboard?tab=history&search=eggs");
    expect(safeReturnPath("/history?search=caf%C3%A9")).toBe("/history?search=caf%C3%A9");
    expect(safeReturnPath("/shopping-list/abc#top")).toBe("/shopping-list/abc#top");
  });

  it("refuses anything that could leave the site", () => {
    for (const bad of [
      "//evil.example/x",
      "/\\evil.example",
      "/\\/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "favorites",
      " /favorites",
      "/%0a/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
    ]) {
      const safe = safeReturnPath(bad);
      // Either refused, or a path that stays on this site.
      if (safe !== null) expect(new URL(safe, "https://recipecart.example").origin).toBe("https://recipecart.example");
    }
    expect(safeReturnPath("//evil.example/x")).toBeNull();
    expect(safeReturnPath("/\\evil.example")).toBeNull();
    expect(safeReturnPath("https://evil.example/")).toBeNull();
    expect(safeReturnPath("javascript:alert(1)")).toBeNull();
    expect(safeReturnPath("/\t/evil.example")).toBeNull();
  });

  it("refuses the sign-in page, the API, empty and overlong values", () => {
    expect(safeReturnPath("/auth")).toBeNull();
    expect(safeReturnPath("/auth?next=/favorites")).toBeNull();
    expect(safeReturnPath("/api/auth/logout")).toBeNull();
    expect(safeReturnPath("")).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(`/history?search=${"x".repeat(600)}`)).toBeNull();
  });

  it("builds the sign-in address that returns there", () => {
    expect(signInPath("/favorites")).toBe("/auth?next=%2Ffavorites");
    expect(signInPath("/dashboard?tab=staples")).toBe("/auth?next=%2Fdashboard%3Ftab%3Dstaples");
    expect(signInPath("/")).toBe("/auth");
    expect(signInPath("//evil.example")).toBe("/auth");
  });
});
