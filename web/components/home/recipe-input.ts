/** Client-side checks of the recipe-entry card (docs/product/validation.md). */

/** True for an absolute http(s) address with a host. */
export function isRecipeUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * An address typed without a scheme gets https:// ('example.com/recipe' -> 'https://example.com/recipe').
 * Anything with a scheme of its own ('ftp:', 'javascript:') is left for isRecipeUrl to refuse.
 *
 * @example
 * withScheme("www.example.com/soup") // "https://www.example.com/soup"
 * withScheme("localhost:8787/soup") // "https://localhost:8787/soup"
 */
export function withScheme(value: string): string {
  const v = value.trim();
  if (v === "" || /\s/.test(v)) return v;
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(v) && !/^[^/:?#]+:\d+(?:[/?#]|$)/.test(v);
  if (hasScheme) return v;
  return `https://${v.replace(/^\/\//, "")}`;
}

/** The same page for the purpose of "already added": host case, a trailing slash and the fragment do not matter. */
export function sameRecipeUrl(a: string, b: string): boolean {
  const key = (u: string) => {
    try {
      const url = new URL(u);
      url.hash = "";
      if (url.pathname.length > 1 && url.pathname.endsWith("/")) url.pathname = url.pathname.slice(0, -1);
      return `${url.protocol === "http:" ? "https:" : url.protocol}//${url.host.replace(/^www\./, "")}${url.pathname}${url.search}`;
    } catch {
      return u;
    }
  };
  return key(a) === key(b);
}
