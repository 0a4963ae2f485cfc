import { describe, expect, it } from "vitest";
import { pageMeta } from "./meta.ts";

const get = (m: ReturnType<typeof pageMeta>, key: string) =>
  m.find((d) => ("name" in d && d.name === key) || ("property" in d && d.property === key));

describe("pageMeta", () => {
  it("titles the page with the site name and lets public pages be indexed", () => {
    const m = pageMeta({ title: "Help Center", description: "Answers." });
    expect(m[0]).toEqual({ title: "Help Center | recipecart" });
    expect(get(m, "description")).toEqual({ name: "description", content: "Answers." });
    expect(get(m, "robots")).toEqual({ name: "robots", content: "index, follow" });
  });

  it("keeps personal pages and the 404 out of search", () => {
    expect(get(pageMeta({ title: "Dashboard", description: "x", personal: true }), "robots")).toMatchObject({
      content: "noindex, nofollow",
    });
    expect(get(pageMeta({ title: "Not found", description: "x", noindex: true }), "robots")).toMatchObject({
      content: "noindex, nofollow",
    });
  });

  it("does not repeat the site name", () => {
    expect(pageMeta({ title: "recipecart: recipes to one list", description: "x" })[0]).toEqual({
      title: "recipecart: recipes to one list",
    });
  });
});
