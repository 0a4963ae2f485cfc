import { EDIT_TOKEN_HEADER } from "../../core/api/errors.ts";

/** The edit token a signed-out creator sends with a change (decision 0013), or null. */
export function readEditToken(request: Request): string | null {
  const value = request.headers.get(EDIT_TOKEN_HEADER)?.trim();
  return value ? value : null;
}
