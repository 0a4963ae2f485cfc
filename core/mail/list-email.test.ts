import { describe, expect, it } from "vitest";
import { buildListEmail } from "./list-email.ts";

const list = {
  name: "Sunday <Dinner>",
  listUrl: "https://recipecart.example/shopping-list/abcDEF1234567890",
  ingredients: {
    Produce: [
      { name: "onions", amount: "3", recipes: ["Onion Soup", "Salad"] },
      { name: "parsley", amount: "", recipes: ["Salad"] },
    ],
    Dairy: [{ name: "feta & cheddar", amount: "100 g", recipes: ["Salad"] }],
    Bakery: [],
  },
};

describe("buildListEmail", () => {
  it("writes the plain-text part: name, categories in order, 'name - amount', recipes, link", () => {
    const mail = buildListEmail(list);
    expect(mail.subject).toBe("Shopping list: Sunday <Dinner>");
    expect(mail.text).toBe(
      [
        "Sunday <Dinner>",
        "3 items",
        "",
        "Produce",
        "• onions - 3",
        "  for Onion Soup, Salad",
        "• parsley",
        "  for Salad",
        "",
        "Dairy",
        "• feta & cheddar - 100 g",
        "  for Salad",
        "",
        "Open the list: https://recipecart.example/shopping-list/abcDEF1234567890",
        "",
        "Sent from recipecart at someone's request. If you did not expect it, you can ignore this e-mail.",
      ].join("\n"),
    );
  });

  it("groups as the list page does: pantry staples under 'You probably have', after the aisles", () => {
    const mail = buildListEmail({
      name: "Soup",
      listUrl: "https://recipecart.example/shopping-list/x",
      ingredients: {
        Produce: [{ name: "onions", amount: "2" }],
        "Spices & Seasonings": [
          { name: "salt", amount: "1/2 tsp, plus more to taste", staple: true },
          { name: "pepper", amount: "to taste", staple: true },
        ],
      },
    });
    expect(mail.text).toContain("Produce\n• onions - 2\n\nYou probably have\n• salt - 1/2 tsp, plus more to taste\n• pepper (to taste)\n");
    expect(mail.text).not.toContain("Spices & Seasonings");
    expect(mail.html).toContain(">You probably have</h2>");
  });

  it("writes the HTML part with every value escaped and the same order", () => {
    const { html } = buildListEmail(list);
    expect(html).toContain('<h1 style="font-size:22px;margin:0 0 4px">Sunday &lt;Dinner&gt;</h1>');
    expect(html).not.toContain("<Dinner>");
    expect(html).toContain("<li>feta &amp; cheddar - 100 g<br>");
    expect(html).toContain('<a href="https://recipecart.example/shopping-list/abcDEF1234567890"');
    expect(html.indexOf("Produce")).toBeLessThan(html.indexOf("Dairy"));
    expect(html).not.toContain("Bakery");
  });

  it("keeps the subject on one line and short", () => {
    const mail = buildListEmail({ ...list, name: "Evil\r\nBcc: x@example.org" + "y".repeat(300) });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.length).toBeLessThanOrEqual(150);
  });

  it("says so when the list is empty", () => {
    const mail = buildListEmail({ name: "Empty", listUrl: "https://x.example/l", ingredients: {} });
    expect(mail.text).toContain("This shopping list is empty.");
    expect(mail.html).toContain("This shopping list is empty.");
  });
});
