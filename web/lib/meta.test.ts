import { describe, expect, it } from "vitest";
import { canonicalUrl, pageMeta } from "./meta.ts";

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

describe("canonical link", () => {
  const matches = [{ id: "root", loaderData: { nonce: "n", origin: "https://recipecart.example" } }];

  it("gives public pages their absolute address without query", () => {
    const canonical = canonicalUrl({ location: { pathname: "/help" }, matches });
    expect(canonical).toBe("https://recipecart.example/help");
    const m = pageMeta({ title: "Help Center", description: "Answers.", canonical });
    expect(m).toContainEqual({ tagName: "link", rel: "canonical", href: "https://recipecart.example/help" });
    expect(m).toContainEqual({ property: "og:url", content: "https://recipecart.example/help" });
  });

  it("is the page in its own language: the router's path has no prefix, the root's data names the language", () => {
    const de = [{ id: "root", loaderData: { origin: "https://recipecart.example", locale: "de" } }];
    expect(canonicalUrl({ location: { pathname: "/help" }, matches: de })).toBe("https://recipecart.example/de/help");
    expect(canonicalUrl({ location: { pathname: "/" }, matches: de })).toBe("https://recipecart.example/de/");
  });

  it("names none on pages kept out of search, or without a known origin", () => {
    const m = pageMeta({ title: "Party Prep", description: "x", personal: true, canonical: "https://recipecart.example/shopping-list/x" });
    expect(m.some((d) => "tagName" in d)).toBe(false);
    expect(canonicalUrl({ location: { pathname: "/" }, matches: [{ id: "root" }] })).toBeUndefined();
  });
});
