import { describe, expect, it } from "vitest";
import { captionRecipeUrl, cleanTitle, readCaption } from "./caption.ts";
import { unwrapCaption } from "./sources.ts";

describe("readCaption", () => {
  it("reads the issue's Instagram caption: title without emoji, every block line kept", () => {
    const r = readCaption(
      "Easy lemon pasta 🍋\nIngredients:\n200g spaghetti\n1 lemon (zest and juice)\n2 tbsp butter\n50g parmesan, grated\nBlack pepper\nMethod:\nBoil the pasta.",
    );
    expect(r.title).toBe("Easy lemon pasta");
    expect(r.ingredients).toEqual(["200g spaghetti", "1 lemon (zest and juice)", "2 tbsp butter", "50g parmesan, grated", "Black pepper"]);
    expect(r.recipeUrl).toBeNull();
  });

  it("splits an inline list at commas, joining preparations and keeping names without amounts", () => {
    const r = readCaption(
      "Lemon pasta\nIngredients: 200g spaghetti, 1 lemon, 50g parmesan, grated, 2 tbsp butter, black pepper, salt to taste",
    );
    expect(r.ingredients).toEqual(["200g spaghetti", "1 lemon", "50g parmesan, grated", "2 tbsp butter", "black pepper", "salt to taste"]);
  });

  it("ends the block at hashtags and at a step, and finds a list without a heading", () => {
    expect(readCaption("Soup\nZutaten:\n1 l Brühe\n2 Karotten\n#suppe #rezept\n3 Äpfel").ingredients).toEqual(["1 l Brühe", "2 Karotten"]);
    expect(readCaption("Soup\nIngredients:\n1 l stock\n2 carrots\nSimmer everything for 20 minutes.\n3 apples").ingredients).toEqual([
      "1 l stock",
      "2 carrots",
    ]);
    expect(readCaption("Oats\n\n50g oats\n150ml milk\nberries\n\nMix and chill overnight.").ingredients).toEqual([
      "50g oats",
      "150ml milk",
      "berries",
    ]);
  });

  it("finds no list in a caption without one (a single line is not a list)", () => {
    expect(readCaption("Sunset at the beach 🌅 #travel").ingredients).toEqual([]);
    expect(readCaption("Dinner\nIngredients:\n1 egg").ingredients).toEqual([]);
  });
});

describe("titles", () => {
  it("drops emoji, hashtags, 'recipe below' phrases and a 'Recipe:' prefix, and keeps the first sentence", () => {
    expect(cleanTitle("Recipe: Best brownies ever 🍫 #baking")).toBe("Best brownies ever");
    expect(cleanTitle("Weeknight tacos 🌮 recipe below 👇")).toBe("Weeknight tacos");
    expect(cleanTitle("Rezept unten: Apfelstrudel")).toBe("Apfelstrudel");
    expect(cleanTitle("Easy lemon pasta. Ready in 15 minutes!")).toBe("Easy lemon pasta");
    expect(cleanTitle("Stroopwafeltaart 😍 Makkelijker dan je denkt!")).toBe("Stroopwafeltaart");
    expect(cleanTitle("🔥🔥 #fyp")).toBe("");
  });
});

describe("linked recipe page", () => {
  it("offers the link on a line that names the recipe, never link hubs or the networks", () => {
    expect(captionRecipeUrl("Full recipe on my blog: https://blog.example/pasta\nMusic: https://music.example/1")).toBe(
      "https://blog.example/pasta",
    );
    expect(captionRecipeUrl("Recipe 👇\nhttps://blog.example/pasta.")).toBe("https://blog.example/pasta");
    expect(captionRecipeUrl("All my links: https://linktr.ee/chef")).toBeNull();
    expect(captionRecipeUrl("Follow me https://www.instagram.com/chef")).toBeNull();
    expect(captionRecipeUrl("Shop: https://a.example/1 and https://b.example/2")).toBeNull();
  });
});

describe("network wrappers", () => {
  it("removes Instagram's and TikTok's wrappers", () => {
    expect(unwrapCaption('1,204 likes, 38 comments - chef on March 3, 2026: "Lemon pasta\n200g pasta". ')).toBe("Lemon pasta\n200g pasta");
    expect(unwrapCaption('12.3K Likes, 210 Comments. TikTok video from Chef (@chef): "Guacamole 🥑". original sound - chef')).toBe(
      "Guacamole 🥑",
    );
    expect(unwrapCaption('chef on Instagram: "Lemon pasta"')).toBe("Lemon pasta");
    expect(unwrapCaption("Best Chili - YouTube")).toBe("Best Chili");
  });
});
