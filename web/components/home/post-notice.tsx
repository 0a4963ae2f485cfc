/**
 * The recipe-entry card's notice for a social post without a recipe (decision 0009): why, the page its caption
 * links to, and the ways on (import that page, or enter the recipe by hand). Its own chunk, loaded with the
 * answer that needs it (recipe-entry.tsx, decision 0017).
 */
import { Button } from "../../ui/button.tsx";
import { type PostProblem, shortAddress } from "./post-problem.ts";

export { readPostProblem } from "./post-problem.ts";

export function PostNotice({
  post,
  pending,
  onImport,
  onManual,
}: {
  post: PostProblem;
  pending: boolean;
  onImport: (url: string) => void;
  onManual: () => void;
}) {
  return (
    <div className="entry-notice">
      <div role="alert">
        <p className="entry-notice__title">No recipe in this post</p>
        <p className="entry-notice__text">{post.message}</p>
        {post.recipeUrl ? (
          <p className="entry-notice__link">
            Linked page: <span className="entry-notice__address">{shortAddress(post.recipeUrl)}</span>
          </p>
        ) : null}
      </div>
      <div className="entry-form__actions">
        {post.recipeUrl ? (
          <Button onPress={() => post.recipeUrl && onImport(post.recipeUrl)} isPending={pending}>
            Import linked recipe
          </Button>
        ) : null}
        <Button variant={post.recipeUrl ? "outline" : "primary"} isDisabled={pending} onPress={onManual}>
          Enter by hand
        </Button>
      </div>
    </div>
  );
}
