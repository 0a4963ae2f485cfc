/**
 * The no_recipe_in_post answer of POST /api/recipes/parse (decision 0009), read from an API
 * error without zod (the home page bundle stays small): the message to show, the caption text and
 * title for a manual entry, and the recipe page the caption links to.
 */
export interface PostProblem {
  message: string;
  caption: string;
  title: string;
  recipeUrl: string | null;
}

type WithProblem = { problem?: Record<string, unknown> | null };

/** The post problem inside `err`, or null when `err` is any other failure. */
export function readPostProblem(err: unknown): PostProblem | null {
  const problem = (err as WithProblem | null)?.problem;
  if (!problem || problem.code !== "no_recipe_in_post") return null;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  let recipeUrl: string | null = null;
  try {
    const u = new URL(text(problem.recipeUrl));
    if (u.protocol === "http:" || u.protocol === "https:") recipeUrl = u.href;
  } catch {
    recipeUrl = null;
  }
  return {
    message: text(problem.message) || "This post has no recipe in its caption.",
    caption: text(problem.caption).trim(),
    title: text(problem.title).trim(),
    recipeUrl,
  };
}

/** A linked page's address as shown to a person: host and path, without "www." and the scheme. */
export function shortAddress(url: string): string {
  try {
    const u = new URL(url);
    const tail = (u.pathname + u.search).replace(/\/$/, "");
    return u.host.replace(/^www\./, "") + tail;
  } catch {
    return url;
  }
}
