import { describe, expect, it } from "vitest";
import { getPrintHtml } from "./print-list.ts";

describe("getPrintHtml", () => {
  const list = {
    name: "Tom & Jerry's <party>",
    recipes: [{ id: "r", title: "Mac & Cheese" }],
    ingredients: {
      "Dairy & Eggs": [
        { id: "1", name: "cheddar", amount: "200 g", recipes: [] },
        { id: "2", name: "milk <whole>", amount: "", recipes: [] },
      ],
      Frozen: [],
    },
  };
  const html = getPrintHtml(list);

  it("escapes every text it writes", () => {
    expect(html).toContain("<h1>Tom &amp; Jerry&#39;s &lt;party&gt;</h1>");
    expect(html).toContain("<h2>Dairy &amp; Eggs</h2>");
    expect(html).toContain('<span class="name">milk &lt;whole&gt;</span>');
    expect(html).toContain("For: Mac &amp; Cheese");
    expect(html).not.toContain("<whole>");
  });

  it("draws one tick box per item, groups by category and skips empty categories", () => {
    expect(html.match(/class="box"/g)).toHaveLength(2);
    expect(html).toContain('<span class="amount">200 g</span>');
    expect(html).not.toContain("<h2>Frozen</h2>");
  });

  it("groups as the list page does and writes each line as a cook would", () => {
    const soup = getPrintHtml({
      name: "Soup",
      recipes: [],
      ingredients: {
        Produce: [{ id: "o", name: "onions", amount: "2", recipes: [] }],
        "Spices & Seasonings": [
          { id: "s", name: "salt", amount: "1/2 tsp, plus more to taste", recipes: [], staple: true },
          { id: "p", name: "pepper", amount: "to taste", recipes: [], staple: true },
        ],
      },
    });
    expect(soup.match(/<h2>[^<]*<\/h2>/g)).toEqual(["<h2>Produce</h2>", "<h2>You probably have</h2>"]);
    const text = (html: string) => html.replace(/<[^>]+>/g, "");
    const lines = [...soup.matchAll(/<li>(.*?)<\/li>/g)].map((m) => text(m[1] ?? ""));
    expect(lines).toEqual(["2 onions", "1/2 tsp salt, plus more to taste", "pepper (to taste)"]);
  });

  it("holds no script, so it runs under the page's strict CSP", () => {
    expect(html).not.toMatch(/<script|\son\w+=/i);
  });
});
