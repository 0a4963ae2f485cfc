import { describe, expect, it } from "vitest";
import { ApiError } from "../../../core/api/client.ts";
import { readPostProblem, shortAddress } from "./post-problem.ts";

const problem = (body: Record<string, unknown>) => new ApiError(422, "422: ...", { status: 422, ...body });

describe("readPostProblem", () => {
  it("reads the caption, title and linked page of a no_recipe_in_post answer", () => {
    const p = readPostProblem(
      problem({
        code: "no_recipe_in_post",
        message: "No list.",
        caption: " Pancakes!\n#food ",
        title: "Pancakes",
        recipeUrl: "https://blog.example/pancakes",
      }),
    );
    expect(p).toEqual({ message: "No list.", caption: "Pancakes!\n#food", title: "Pancakes", recipeUrl: "https://blog.example/pancakes" });
  });
  it("ignores other problems and drops a link that is not http(s)", () => {
    expect(readPostProblem(problem({ code: "no_recipe_found", message: "x" }))).toBeNull();
    expect(readPostProblem(new Error("network"))).toBeNull();
    expect(readPostProblem(problem({ code: "no_recipe_in_post", recipeUrl: "javascript:alert(1)" }))?.recipeUrl).toBeNull();
    expect(readPostProblem(problem({ code: "no_recipe_in_post", title: null }))).toMatchObject({ title: "", caption: "", recipeUrl: null });
  });
  it("shows a link as host and path", () => {
    expect(shortAddress("https://www.blog.example/recipes/pancakes/")).toBe("blog.example/recipes/pancakes");
  });
});
