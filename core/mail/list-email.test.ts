import { LinkifyIt } from "linkify-it";
import { describe, expect, it } from "vitest";
import { buildListEmail, LIST_EMAIL_SUBJECT, listEmailSubject } from "./list-email.ts";
import { unlinkable } from "./unlinkable.ts";

const LIST_URL = "https://recipecart.example/shopping-list/abcDEF1234567890";
const OPT_OUT_URL = "https://recipecart.example/email-opt-out/tok_en";

const list = {
  name: "Sunday <Dinner>",
  listUrl: LIST_URL,
  optOutUrl: OPT_OUT_URL,
  senderName: null,
  ingredients: {
    Produce: [
      { name: "onions", amount: "3", recipes: ["Onion Soup", "Salad"] },
      { name: "parsley", amount: "", recipes: ["Salad"] },
    ],
    Dairy: [{ name: "feta & cheddar", amount: "100 g", recipes: ["Salad"] }],
    Bakery: [],
  },
};

/** A linkifier as mail clients use them: bare domains ('phish.example/login'), e-mail addresses, every scheme. */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });
linkify.tlds(["example", "test", "invalid", "localhost"], true);
const linksOf = (s: string) => (linkify.match(s) ?? []).map((m) => m.url);
/** The links in an HTML part: every href, and every address the text between the tags shows. */
const htmlLinks = (html: string) => [
  ...[...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]),
  ...linksOf(
    html
      .replace(/<[^>]*>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'"),
  ),
];

describe("buildListEmail", () => {
  it("writes the plain-text part: who sent it, the list quoted (name in quotes, categories in order, 'name - amount', recipes), our links", () => {
    const mail = buildListEmail(list);
    expect(mail.subject).toBe("A shopping list from recipecart");
    expect(mail.text).toBe(
      [
        "This shopping list was sent to you by a recipecart visitor.",
        "",
        "> “Sunday <Dinner>”",
        "> 3 items",
        ">",
        "> Produce",
        "> • onions - 3",
        ">   for Onion Soup, Salad",
        "> • parsley",
        ">   for Salad",
        ">",
        "> Dairy",
        "> • feta & cheddar - 100 g",
        ">   for Salad",
        "",
        `Open the list: ${LIST_URL}`,
        "",
        "We send a list only when someone asks us to. If you did not expect this one, you can ignore it.",
        `Don't send me lists: ${OPT_OUT_URL}`,
      ].join("\n"),
    );
  });

  it("names a signed-in sender in the subject and the text; the fixed words stay as they are", () => {
    const mail = buildListEmail({ ...list, senderName: "Ada Lovelace" });
    expect(mail.subject).toBe("A shopping list from recipecart, sent by Ada Lovelace");
    expect(mail.subject.startsWith(LIST_EMAIL_SUBJECT)).toBe(true);
    expect(mail.text.split("\n")[0]).toBe(
      "This shopping list was sent to you by Ada Lovelace with recipecart. Reply to this e-mail to answer them.",
    );
    expect(mail.html).toContain("sent to you by Ada Lovelace with recipecart");
  });

  it("groups as the list page does: pantry staples under 'You probably have', after the aisles", () => {
    const mail = buildListEmail({
      ...list,
      name: "Soup",
      ingredients: {
        Produce: [{ name: "onions", amount: "2" }],
        "Spices & Seasonings": [
          { name: "salt", amount: "1/2 tsp, plus more to taste", staple: true },
          { name: "pepper", amount: "to taste", staple: true },
        ],
      },
    });
    expect(mail.text).toContain(
      "> Produce\n> • onions - 2\n>\n> You probably have\n> • salt - 1/2 tsp, plus more to taste\n> • pepper (to taste)\n",
    );
    expect(mail.text).not.toContain("Spices & Seasonings");
    expect(mail.html).toContain(">You probably have</p>");
  });

  it("writes the HTML part quoted, every value escaped, the same order, and only our two links", () => {
    const { html } = buildListEmail(list);
    expect(html).toContain("<blockquote");
    expect(html).toContain(">“Sunday &lt;Dinner&gt;”</p>");
    expect(html).not.toContain("<Dinner>");
    expect(html).toContain("<li>feta &amp; cheddar - 100 g<br>");
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([LIST_URL, OPT_OUT_URL]);
    expect(html).toContain(`>Don't send me lists</a>`);
    expect(html.indexOf("Produce")).toBeLessThan(html.indexOf("Dairy"));
    expect(html).not.toContain("Bakery");
  });

  it("a phishing list: the subject is ours, and no name, item, recipe or sender becomes a link in either part", () => {
    const bait = "URGENT: your account is locked - verify at https://phish.example/login";
    const mail = buildListEmail({
      ...list,
      name: bait,
      senderName: "Support www.phish.example",
      ingredients: {
        "Call hxxp://aisle.example": [
          { name: "claim at phish.example/win?x=1", amount: "1", recipes: ["see http://10.0.0.1/login", "mail help@phish.example"] },
          { name: "ＷＷＷ．ｐｈｉｓｈ．ｅｘａｍｐｌｅ", amount: "phish。example" },
          { name: "javascript:alert(1)//", amount: "ftp://files.phish.example" },
        ],
      },
    });
    expect(mail.subject).toBe("A shopping list from recipecart, sent by Support www[.]phish[.]example");
    expect(mail.text).toContain("> “URGENT: your account is locked - verify at https[:]//phish[.]example/login”");
    expect(linksOf(`${mail.subject}\n${mail.text}`)).toEqual([LIST_URL, OPT_OUT_URL]);
    expect(htmlLinks(mail.html)).toEqual([LIST_URL, OPT_OUT_URL]);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/phish\.example|10\.0\.0\.1/);
  });

  it("keeps the subject on one line and short", () => {
    const mail = buildListEmail({ ...list, senderName: `Evil\r\nBcc: x@example.org${"y".repeat(300)}` });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.length).toBeLessThanOrEqual(`${LIST_EMAIL_SUBJECT}, sent by `.length + 60);
    expect(listEmailSubject("  ")).toBe(LIST_EMAIL_SUBJECT);
  });

  it("says so when the list is empty", () => {
    const mail = buildListEmail({ ...list, name: "Empty", ingredients: {} });
    expect(mail.text).toContain("> This shopping list is empty.");
    expect(mail.html).toContain("This shopping list is empty.");
  });
});

describe("unlinkable", () => {
  it.each([
    ["https://phish.example/login", "https[:]//phish[.]example/login"],
    ["www.phish.example", "www[.]phish[.]example"],
    ["help@phish.example", "help@phish[.]example"],
    ["10.0.0.1/x", "10[.]0[.]0[.]1/x"],
    ["HTTP : //ab.cd.example", "HTTP[:]//ab[.]cd[.]example"],
    ["//phish.example/x", "//phish[.]example/x"],
    ["phish。example", "phish[.]example"],
  ])("breaks %j", (input, out) => {
    expect(unlinkable(input)).toBe(out);
    expect(linksOf(unlinkable(input))).toEqual([]);
  });

  it.each(["1.5 lb ground beef", "e.g. basil", "2 1/2 cups flour", "salt & pepper", "crème fraîche", "U.S. flour"])(
    "leaves %j as it is",
    (s) => {
      expect(unlinkable(s)).toBe(s);
    },
  );

  it("makes one line of anything", () => {
    expect(unlinkable("a\r\nBcc: b\u2028c\td")).toBe("a Bcc: b c d");
  });
});
