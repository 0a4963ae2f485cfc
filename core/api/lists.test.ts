import { describe, expect, it } from "vitest";
import { CreateShoppingListRequestSchema } from "./lists.ts";

describe("CreateShoppingListRequestSchema", () => {
  it("takes 1..200 characters of name and 1..50 recipe ids", () => {
    expect(CreateShoppingListRequestSchema.safeParse({ name: " L ", recipeIds: ["a"] }).data).toEqual({ name: "L", recipeIds: ["a"] });
    expect(CreateShoppingListRequestSchema.safeParse({ name: "x".repeat(201), recipeIds: ["a"] }).success).toBe(false);
    expect(CreateShoppingListRequestSchema.safeParse({ name: "L", recipeIds: [] }).success).toBe(false);
    expect(CreateShoppingListRequestSchema.safeParse({ name: "L", recipeIds: Array(51).fill("a") }).success).toBe(false);
  });
});
