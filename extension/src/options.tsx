/**
 * Options: the address of the recipecart app the extension sends recipes to (default: the
 * production address from the build's configuration; http://localhost:8787 while developing).
 */
import { useEffect, useId, useState, type FormEvent } from "react";
import { mountPage } from "./mount.tsx";
import { DEFAULT_APP_ORIGIN, getAppOrigin, normaliseAppOrigin, setAppOrigin } from "./settings.ts";
import "./ui.css";
import { t } from "./i18n.ts";

function Options() {
  const [value, setValue] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  useEffect(() => {
    void getAppOrigin().then(setValue);
  }, []);

  async function save(e: FormEvent) {
    e.preventDefault();
    const result = normaliseAppOrigin(value);
    if ("error" in result) {
      setError(result.error);
      setSaved(null);
      return;
    }
    setError(null);
    await setAppOrigin(result.origin);
    setValue(result.origin);
    setSaved(t("savedGoesTo", { origin: result.origin }));
  }

  async function reset() {
    await setAppOrigin(null);
    setValue(DEFAULT_APP_ORIGIN);
    setError(null);
    setSaved(t("savedGoesTo", { origin: DEFAULT_APP_ORIGIN }));
  }

  return (
    <main className="page">
      <h1 className="page__title">{t("optionsTitle")}</h1>
      <form onSubmit={(e) => void save(e)} noValidate style={{ display: "grid", gap: 8 }}>
        <label htmlFor={inputId} style={{ fontWeight: 600 }}>
          {t("appAddress")}
        </label>
        <input
          id={inputId}
          type="url"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          spellCheck={false}
          style={{ font: "inherit", padding: "8px 10px", borderRadius: 8, border: "1px solid var(--border)" }}
        />
        <p id={hintId} className="muted">
          {t("optionsHint", { origin: DEFAULT_APP_ORIGIN })}
        </p>
        {error ? (
          <p id={errorId} role="alert" style={{ color: "var(--danger)" }}>
            {error}
          </p>
        ) : null}
        <div style={{ display: "flex", gap: 8 }}>
          <button type="submit" className="btn btn--primary">
            {t("save")}
          </button>
          <button type="button" className="btn" onClick={() => void reset()}>
            {t("useDefault")}
          </button>
        </div>
        <p role="status">{saved}</p>
      </form>
    </main>
  );
}

mountPage(<Options />, t("optionsTitle"));
