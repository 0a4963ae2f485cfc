/**
 * The scale of a favourite recipe chosen for a new list on the dashboard (decision 0030): the page's
 * yield as written (when it gave one), the quick choices ×0.5, ×1, ×2 as toggle buttons (`aria-pressed`)
 * in a fieldset named 'Scale <title>', as on the home page (decision 0030), and, for a yield with a
 * count, the servings the choice makes. The home page's servings field is not here: it would bring the
 * number field's chunk to the dashboard.
 */
import { formatCount, parseYield, QUICK_SCALES, servingsForScale } from "../../../core/recipe/servings.ts";
import { Button } from "../../ui/button.tsx";

export function ScaleChoice({
  title,
  yields,
  scale,
  onChange,
}: {
  title: string;
  yields: string | null;
  scale: number;
  onChange: (scale: number) => void;
}) {
  const given = parseYield(yields);
  const base = given?.servings ?? null;
  return (
    <div className="fav-scale">
      {given ? (
        <p className="fav-scale__yield">
          {given.label}
          {base !== null && scale !== 1 ? `, scaled to ${formatCount(servingsForScale(scale, base))}` : null}
        </p>
      ) : null}
      <fieldset className="fav-scale__choices">
        <legend className="visually-hidden">Scale {title}</legend>
        {QUICK_SCALES.map((q) => (
          <Button key={q} variant="outline" className="fav-scale__choice" aria-pressed={scale === q} onPress={() => onChange(q)}>
            ×{formatCount(q)}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}
