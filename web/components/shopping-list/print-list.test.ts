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

  it("holds no script, so it runs under the page's strict CSP", () => {
    expect(html).not.toMatch(/<script|\son\w+=/i);
  });
});
