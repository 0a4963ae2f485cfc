/**
 * JSON-LD: parse the script blocks real pages write (repairing what they break) and find the
 * schema.org Recipe nodes in them (@graph, arrays, nested and multi-typed nodes).
 */

/** A parsed JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON object node. */
export type JsonObject = { [key: string]: Json };

/** Removes HTML comment / CDATA wrappers and JS line comments around a script's JSON text. */
export function unwrapScript(text: string): string {
  let s = text.trim();
  // (the end patterns are only tried when the text ends that way: an unanchored-start regex ending
  // in "$" would otherwise be attempted at every position of a long block)
  s = s.replace(/^(?:\/\/\s*)?<!\[CDATA\[/, "");
  if (s.endsWith("]]>")) s = s.replace(/(?:\/\/\s*)?\]\]>$/, "");
  s = s.trim();
  s = s.replace(/^<!--/, "");
  if (s.endsWith("-->")) s = s.replace(/-->$/, "");
  s = s.trim();
  s = s.replace(/^(?:\/\/\s*)?<!\[CDATA\[/, "");
  if (s.endsWith("]]>")) s = s.replace(/(?:\/\/\s*)?\]\]>$/, "");
  s = s.trim();
  // a leading "var x = " or trailing ";" from templates (s is trimmed: only a final ";" can match)
  if (s.endsWith(";")) s = s.replace(/;\s*$/, "");
  return s;
}

/**
 * Repairs common breakage in JSON text: raw control characters (newlines, tabs) inside
 * strings, trailing commas before } or ], invalid backslash escapes, and JS comments
 * outside strings. Pure string walk; never throws.
 */
export function repairJson(text: string): string {
  let out = "";
  let inString = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charAt(i);
    const code = c.charCodeAt(0);
    if (inString) {
      if (c === "\\") {
        const next = text[i + 1];
        if (next === undefined) break;
        if ('"\\/bfnrtu'.includes(next)) {
          if (next === "u" && !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            out += "\\\\";
            continue;
          }
          out += c + next;
          i++;
        } else {
          // "\'" and other invalid escapes: keep the character itself
          out += next === "'" ? "'" : "\\\\";
          if (next === "'") i++;
        }
        continue;
      }
      if (c === '"') {
        inString = false;
        out += c;
        continue;
      }
      if (code < 0x20) {
        out += code === 0x0a ? "\\n" : code === 0x0d ? "\\r" : code === 0x09 ? "\\t" : " ";
        continue;
      }
      if (code === 0x2028 || code === 0x2029) {
        out += " ";
        continue;
      }
      out += c;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      continue;
    }
    if (c === "/" && text[i + 1] === "/") {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? n : nl;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (c === ",") {
      // drop a trailing comma: the next non-space character closes the container
      let j = i + 1;
      while (j < n && /\s/.test(text.charAt(j))) j++;
      if (text[j] === "}" || text[j] === "]") continue;
      // and doubled commas
      if (text[j] === ",") continue;
    }
    out += code < 0x20 && c !== "\n" && c !== "\r" && c !== "\t" ? " " : c;
  }
  if (inString) out += '"';
  return out;
}

/** Balances a truncated document by closing the containers still open. */
function closeOpen(text: string): string {
  const stack: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{") stack.push("}");
    else if (c === "[") stack.push("]");
    else if (c === "}" || c === "]") stack.pop();
  }
  return text.replace(/[,\s]+$/, "") + stack.reverse().join("");
}

/**
 * Parses one ld+json script's text, repairing it when needed. Returns the parsed values
 * (several when the block holds concatenated objects), or [] when nothing could be read.
 */
export function parseJsonLd(text: string): Json[] {
  const s = unwrapScript(text);
  if (!s) return [];
  try {
    return [JSON.parse(s) as Json];
  } catch {
    /* repair below */
  }
  const repaired = repairJson(s);
  try {
    return [JSON.parse(repaired) as Json];
  } catch {
    /* try harder */
  }
  // several top-level objects one after another: {...}{...} or {...}\n{...}
  try {
    return JSON.parse("[" + repaired.replace(/}\s*{/g, "},{") + "]") as Json[];
  } catch {
    /* try harder */
  }
  try {
    return [JSON.parse(closeOpen(repaired)) as Json];
  } catch {
    return [];
  }
}

function typesOf(node: JsonObject): string[] {
  const t = node["@type"] ?? node["type"];
  const list = Array.isArray(t) ? t : [t];
  const out: string[] = [];
  for (const x of list) {
    if (typeof x === "string") out.push(x.replace(/^.*[/#:]/, "").toLowerCase());
  }
  return out;
}

/** True when a node's @type names a schema.org Recipe (also "schema:Recipe", full IRIs, multi-typed). */
export function isRecipeNode(node: JsonObject): boolean {
  // typesOf(node).includes("recipe") without building the list (every node of every block is asked)
  const t = node["@type"] ?? node["type"];
  if (typeof t === "string") return isRecipeType(t);
  if (Array.isArray(t)) for (const x of t) if (typeof x === "string" && isRecipeType(x)) return true;
  return false;
}

function isRecipeType(t: string): boolean {
  return t === "Recipe" || t.replace(/^.*[/#:]/, "").toLowerCase() === "recipe";
}

/** True when a node's @type is one of the given (lower-case, local) names. */
export function hasType(node: JsonObject, names: readonly string[]): boolean {
  return typesOf(node).some((t) => names.includes(t));
}

/**
 * Every object node reachable from the given values, in document order (depth first),
 * with the Recipe nodes marked. Walks @graph, arrays and nested properties.
 */
export function collectNodes(values: Json[], limit = 5000): JsonObject[] {
  const out: JsonObject[] = [];
  const seen = new Set<unknown>();
  const walk = (v: Json, depth: number): void => {
    if (out.length >= limit || depth > 40 || v === null || typeof v !== "object") return;
    if (seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    out.push(v);
    for (const key of Object.keys(v)) {
      const child = v[key];
      if (child !== null && typeof child === "object") walk(child, depth + 1);
    }
  };
  for (const v of values) walk(v, 0);
  return out;
}

/** The Recipe nodes among all the values, in document order. */
export function findRecipes(values: Json[]): JsonObject[] {
  return collectNodes(values).filter(isRecipeNode);
}
