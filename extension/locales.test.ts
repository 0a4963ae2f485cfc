/**
 * The extension in seven languages: every language has every message with the same values, the
 * files the build writes are what Chrome and Firefox read (named placeholders filled from
 * substitutions), the store's name and description fit their limits, and the pages read the
 * browser's language through src/i18n.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { chromeMessages, localeFiles } from "./locales.ts";
import { makeManifest } from "./manifest.ts";
import { t, tAround } from "./src/i18n.ts";
import { EN, type MessageKey } from "./src/messages/en.ts";
import { TRANSLATIONS } from "./src/messages/translations.ts";

type Messages = ReturnType<typeof chromeMessages>;

/** chrome.i18n.getMessage as the browser does it: $NAME$ → the placeholder's content → $n → substitution n. */
function getMessageFrom(messages: Messages) {
  return (key: string, substitutions: string[] = []) => {
    const entry = messages[key];
    if (!entry) return "";
    return entry.message.replace(/\$(\w+)\$/g, (_, name: string) => {
      const content = entry.placeholders?.[name.toLowerCase()]?.content ?? "";
      return content.replace(/\$(\d)/g, (_m, n: string) => substitutions[Number(n) - 1] ?? "");
    });
  };
}

afterEach(() => {
  delete (globalThis as { chrome?: unknown }).chrome;
});

describe("extension languages", () => {
  it("writes _locales for English and the six other languages, each with every message", () => {
    const files = localeFiles();
    expect(Object.keys(files).sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pt"].map((l) => `_locales/${l}/messages.json`));
    for (const text of Object.values(files)) {
      const messages = JSON.parse(text) as Messages;
      expect(Object.keys(messages).sort()).toEqual(Object.keys(EN).sort());
      for (const entry of Object.values(messages)) expect(entry.message.trim()).not.toBe("");
    }
  });

  it("translates every message (only the brand and a few same-spelt words stay English)", () => {
    const same = new Set<MessageKey>(["extName", "actionProblem", "options"]);
    for (const [lang, catalog] of Object.entries(TRANSLATIONS)) {
      for (const key of Object.keys(EN) as MessageKey[]) {
        if (!same.has(key)) expect(catalog[key], `${lang} ${key}`).not.toBe(EN[key]);
      }
    }
  });

  it("refuses a translation that drops or adds a value", () => {
    expect(() => chromeMessages({ ...EN, savedGoesTo: "Gespeichert." })).toThrow(/savedGoesTo/);
    expect(() => chromeMessages({ ...EN, added: "Added {count}" })).toThrow(/added/);
  });

  it("keeps the store listing within Chrome's limits (name 75, description 132 characters)", () => {
    for (const catalog of [EN, ...Object.values(TRANSLATIONS)]) {
      expect(catalog.extName.length).toBeLessThanOrEqual(75);
      expect(catalog.extDescription.length).toBeLessThanOrEqual(132);
    }
    const manifest = makeManifest({ target: "chrome", version: "1.0.0" });
    expect(manifest).toMatchObject({ name: "__MSG_extName__", description: "__MSG_extDescription__", default_locale: "en" });
    expect(manifest.action.default_title).toBe("__MSG_actionTitle__");
  });

  it("speaks the browser's language, values in their place, English without the API", () => {
    expect(t("savedGoesTo", { origin: "https://recipecart.app" })).toBe("Saved. Recipes go to https://recipecart.app.");
    expect(tAround("connectedAs", "email")).toEqual(["Connected as ", ""]);
    const de = JSON.parse(localeFiles()["_locales/de/messages.json"] ?? "{}") as Messages;
    Object.assign(globalThis, { chrome: { i18n: { getMessage: getMessageFrom(de), getUILanguage: () => "de" } } });
    expect(t("actionTitle")).toBe("Zu recipecart hinzufügen");
    expect(t("savedGoesTo", { origin: "https://recipecart.app" })).toBe("Gespeichert. Rezepte gehen an https://recipecart.app.");
    expect(tAround("connectedBody", "email")).toEqual([
      "Rezepte, die du mit der Erweiterung hinzufügst, gehen jetzt an ",
      ". Du kannst diesen Tab schließen.",
    ]);
    // A message the browser does not have falls back to English.
    Object.assign(globalThis, { chrome: { i18n: { getMessage: () => "" } } });
    expect(t("added")).toBe("Added");
  });
});
