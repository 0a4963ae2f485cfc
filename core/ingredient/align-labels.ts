/**
 * Training-label alignment: maps a labelled row's columns (name, quantity, unit, size,
 * preparation, comment, purpose: the columns of the labelled ingredient data set) onto the tokens our
 * own tokeniser produces, so the tagger learns exactly the token stream it sees at run time.
 * Used by scripts/train-ingredients.ts; pure and tested with small in-repo fixtures.
 */
import { canonicalUnit } from "../units/aliases.ts";
import { normaliseLine } from "./normalise.ts";
import { tokenise } from "./tokenise.ts";
import type { Label } from "./tagger-model.ts";

/** The label columns of one row. */
export interface LabelColumns {
  input: string;
  name: string;
  quantity: string;
  unit: string;
  size: string;
  preparation: string;
  comment: string;
  purpose: string;
}

/** Aligned tokens and labels, plus how many column words found no token (0 = clean). */
export interface AlignedRow {
  tokens: string[];
  labels: Label[];
  unmatched: number;
}

/** Letters and digits only, lower case: what two spellings of a token must share to match. */
export function matchKey(t: string): string {
  const unit = canonicalUnit(t);
  if (unit !== null) return unit;
  return singularise(
    t
      .toLowerCase()
      .replace(/[^\p{L}\p{N}/.-]+/gu, "")
      .replace(/^[-.]+|[-.]+$/g, ""),
  );
}

const IRREGULAR = new Map([
  ["leaves", "leaf"],
  ["loaves", "loaf"],
  ["halves", "half"],
  ["knives", "knife"],
]);

/** The benchmark's simple singulariser: label columns are partly singularised ("clove"). */
function singularise(w: string): string {
  const irr = IRREGULAR.get(w);
  if (irr) return irr;
  if (w.length <= 3) return w;
  if (w.endsWith("ies")) return w.slice(0, -3) + "y";
  if (w.endsWith("ie")) return w.slice(0, -2) + "y";
  if (/(?:ches|shes|xes|sses|zzes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("oes")) return w.slice(0, -2);
  if (/(?:ss|us|is|ous)$/.test(w)) return w;
  if (w.endsWith("s")) return w.slice(0, -1);
  return w;
}

/** "#1$2" -> "1/2", "5#1$4" -> "5 1/4" (the dataset's fraction encoding). */
export function decodeQuantityColumn(q: string): string {
  return q
    .replace(/(\d*)#(\d+)\$(\d+)/g, (_m, whole: string, n: string, d: string) => (whole ? `${whole}+${n}/${d}` : `${n}/${d}`))
    .replace(/(\d)x\b/g, "$1 x")
    .replace(/(^|[\s-])\.(\d)/g, "$10.$2");
}

function columnWords(text: string): string[] {
  return tokenise(normaliseLine(text))
    .map(matchKey)
    .filter((k) => k !== "");
}

const PRIORITY: Label[] = ["NAME", "QTY", "UNIT", "SIZE", "PREP", "COMMENT", "PURPOSE"];

/**
 * Aligns one row greedily, left to right: a token takes the label of the column whose next
 * expected word it is (looking ahead when several columns expect it), else of a column that
 * expects it a little later, else PUNC (part of no field).
 */
export function alignLabels(row: LabelColumns): AlignedRow {
  const tokens = tokenise(normaliseLine(row.input));
  const cols: Record<string, string[]> = {
    NAME: columnWords(row.name),
    QTY: tokenise(decodeQuantityColumn(row.quantity))
      .map(matchKey)
      .filter((k) => k !== ""),
    UNIT: columnWords(row.unit),
    SIZE: columnWords(row.size),
    PREP: columnWords(row.preparation),
    COMMENT: columnWords(row.comment),
    PURPOSE: columnWords(row.purpose),
  };
  const ptr: Record<string, number> = { NAME: 0, QTY: 0, UNIT: 0, SIZE: 0, PREP: 0, COMMENT: 0, PURPOSE: 0 };
  const keys = tokens.map(matchKey);
  const labels: Label[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const key = keys[i]!;
    if (key === "") {
      labels.push("PUNC");
      continue;
    }
    const cands = PRIORITY.filter((c) => cols[c]![ptr[c]!] === key);
    let chosen: Label | null = null;
    if (cands.length === 1) chosen = cands[0]!;
    else if (cands.length > 1) {
      let best = -1;
      for (const c of cands) {
        let run = 0;
        let p = ptr[c]! + 1;
        for (let j = i + 1; j < tokens.length && run < 4; j++) {
          if (keys[j] === "") continue;
          if (cols[c]![p] === keys[j]) {
            run++;
            p++;
          } else break;
        }
        if (run > best) {
          best = run;
          chosen = c;
        }
      }
    } else {
      let bestSkip = 4;
      for (const c of PRIORITY) {
        const words = cols[c]!;
        for (let s = 1; s < bestSkip && ptr[c]! + s < words.length; s++) {
          if (words[ptr[c]! + s] === key) {
            bestSkip = s;
            chosen = c;
            break;
          }
        }
      }
      if (chosen) ptr[chosen] = ptr[chosen]! + bestSkip;
    }
    if (chosen) {
      ptr[chosen] = ptr[chosen]! + 1;
      labels.push(chosen);
    } else labels.push("PUNC");
  }
  let unmatched = 0;
  for (const c of PRIORITY) unmatched += Math.max(0, cols[c]!.length - ptr[c]!);
  return { tokens, labels, unmatched };
}
