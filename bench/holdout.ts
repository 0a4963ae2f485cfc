/**
 * Working / validation split of the dev sets (decision 0018). Stable: a row's part depends only on
 * its key (the page's host, the category row's name) through sha256, never on the file's order.
 * Rules are written from WORKING-part failures only; the validation part is scored as one figure.
 */
import { createHash } from "node:crypto";

export const VALIDATION_SHARE = 1 / 3;
const SALT = "recipecart-holdout-v1:";

/** A number in [0, 1) from the key: the first 32 bits of sha256(SALT + key). */
export function holdoutHash(key: string): number {
  return (
    createHash("sha256")
      .update(SALT + key)
      .digest()
      .readUInt32BE(0) /
    2 ** 32
  );
}

/** Extraction: split by site, so that no site is in both parts. */
export function isValidationHost(host: string): boolean {
  return holdoutHash(host.toLowerCase()) < VALIDATION_SHARE;
}

/**
 * Categories: by name, stratified by source part ("recipes", "instacart"): within each part the rows
 * are ranked by hash and the lowest third goes to validation, so both parts keep their mix.
 */
export function splitByName<T extends { name: string; source?: string }>(rows: T[]): { working: T[]; validation: T[] } {
  const groups = new Map<string, { row: T; h: number }[]>();
  for (const row of rows) {
    const part = String(row.source ?? "").split(":")[0] ?? "";
    let g = groups.get(part);
    if (!g) groups.set(part, (g = []));
    g.push({ row, h: holdoutHash(row.name.trim().toLowerCase()) });
  }
  const validation = new Set<T>();
  for (const g of groups.values()) {
    const sorted = [...g].sort((a, b) => a.h - b.h);
    const k = Math.round(sorted.length * VALIDATION_SHARE);
    for (const x of sorted.slice(0, k)) validation.add(x.row);
  }
  return { working: rows.filter((r) => !validation.has(r)), validation: rows.filter((r) => validation.has(r)) };
}

/** The page host of a multilingual row's source ("dev:edeka.de/edeka" -> "edeka.de"). */
export function sourceHost(source: string): string {
  return (source.replace(/^[a-z-]+:/, "").split("/")[0] ?? "").toLowerCase();
}

/**
 * Multilingual lines: by page, with the extraction split's key (the page's host), so a page's lines
 * and the page itself are in the same part and no page (nor site) is in both parts.
 */
export function splitLinesByPage<T extends { source: string }>(rows: T[]): { working: T[]; validation: T[] } {
  const isVal = (r: T) => isValidationHost(sourceHost(r.source));
  return { working: rows.filter((r) => !isVal(r)), validation: rows.filter(isVal) };
}

/** The folding the multilingual category rows were de-duplicated with: case, accents, ’, œ, simple plural endings. */
export function foldCategoryName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’`´]/g, "'")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .trim()
    .split(/\s+/)
    .map((w) => (w.length > 3 ? w.replace(/(es|en|s|n|e)$/, "") : w))
    .join(" ");
}

/**
 * Multilingual category rows carry no page: each goes with the page of the first labelled line whose
 * name folds to it (the line the row was made from), so a name seen on a validation page is validation.
 * A row no line names (none, today) falls back to the hash of its name.
 */
export function splitCategoriesByPage<T extends { name: string }>(
  rows: T[],
  lines: { source: string; gold: { name: string } }[],
): { working: T[]; validation: T[] } {
  const pageOf = new Map<string, string>();
  for (const l of lines) {
    const k = foldCategoryName(l.gold.name);
    if (!pageOf.has(k)) pageOf.set(k, l.source);
  }
  const isVal = (r: T) => {
    const src = pageOf.get(foldCategoryName(r.name));
    return src ? isValidationHost(sourceHost(src)) : holdoutHash(r.name.trim().toLowerCase()) < VALIDATION_SHARE;
  };
  return { working: rows.filter((r) => !isVal(r)), validation: rows.filter(isVal) };
}
