import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FullPageSpinner } from "./full-page-spinner.tsx";
import { getUserMenuLabel } from "./user-menu.tsx";

describe("FullPageSpinner", () => {
  it("is a polite status that says Loading…", () => {
    const html = renderToStaticMarkup(<FullPageSpinner />);
    expect(html).toMatch(/role="status"/);
    expect(html).toMatch(/aria-live="polite"/);
    expect(html).toContain("Loading…");
    // The ring is decoration only.
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
  });
});

describe("getUserMenuLabel", () => {
  it("uses the first name, or 'Account' when there is none", () => {
    expect(getUserMenuLabel({ firstName: "Ada" })).toBe("Ada");
    expect(getUserMenuLabel({ firstName: "  " })).toBe("Account");
    expect(getUserMenuLabel(null)).toBe("Account");
  });
});
