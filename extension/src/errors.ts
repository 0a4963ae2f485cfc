/** A social post without a recipe (no_recipe_in_post): what a manual entry starts from. */
export interface PostForManualEntry {
  title: string;
  caption: string;
}

/** A failure the popup shows as is (the server's message, or ours for failures before the call). */
export class AddError extends Error {
  readonly code: string;
  /** Set for no_recipe_in_post: 'Open in recipecart' fills Manual Entry with it. */
  readonly post: PostForManualEntry | null;
  constructor(code: string, message: string, cause?: unknown, post: PostForManualEntry | null = null) {
    super(message, { cause });
    this.name = "AddError";
    this.code = code;
    this.post = post;
  }
}
