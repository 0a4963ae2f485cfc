import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Tab, TabList, TabPanel, Tabs } from "./tabs.tsx";

function render(selected?: string) {
  return renderToStaticMarkup(
    <Tabs defaultSelectedKey="url" selectedKey={selected}>
      <TabList aria-label="How to add a recipe">
        <Tab id="url">From URL</Tab>
        <Tab id="manual">Manual Entry</Tab>
      </TabList>
      <TabPanel id="url">
        <input name="url" />
      </TabPanel>
      <TabPanel id="manual">
        <textarea name="ingredients" />
      </TabPanel>
    </Tabs>,
  );
}

describe("Tabs (server markup)", () => {
  it("renders the WAI-ARIA tabs roles with the default tab selected and only its panel", () => {
    const html = render();
    expect(html).toMatch(/role="tablist" aria-orientation="horizontal"[^>]*aria-label="How to add a recipe"|aria-label="How to add a recipe" role="tablist"/);
    const tabs = [...html.matchAll(/<div role="tab"[^>]*>/g)].map((m) => m[0]);
    expect(tabs).toHaveLength(2);
    expect(tabs[0]).toMatch(/aria-selected="true"/);
    expect(tabs[0]).toMatch(/tabindex="0"/);
    expect(tabs[0]).toMatch(/data-selected="true"/);
    expect(tabs[1]).toMatch(/aria-selected="false"/);
    expect(tabs[1]).toMatch(/tabindex="-1"/);
    expect(tabs[1]).not.toMatch(/aria-controls|data-selected/);
    const controls = /aria-controls="([^"]+)"/.exec(tabs[0]!)![1]!;
    const tabId = /id="([^"]+)"/.exec(tabs[0]!)![1]!;
    const panels = [...html.matchAll(/<div[^>]*role="tabpanel"[^>]*>/g)].map((m) => m[0]);
    expect(panels).toHaveLength(1);
    expect(panels[0]).toContain(`id="${controls}"`);
    expect(panels[0]).toContain(`aria-labelledby="${tabId}"`);
    expect(html).toContain('name="url"');
    expect(html).not.toContain('name="ingredients"');
  });

  it("follows a controlled selection", () => {
    const html = render("manual");
    expect(html).toMatch(/<div role="tab"[^>]*aria-selected="true"[^>]*data-key="manual"/);
    expect(html).toContain('name="ingredients"');
    expect(html).not.toContain('name="url"');
  });
});
