import { describe, expect, it } from "vitest";
import { inAbout, syncStatus } from "./shopping-tools.tsx";

describe("the list page's status line", () => {
  it("says calmly that changes wait on this device while the server asked for a pause", () => {
    expect(syncStatus(true, 3, 60)).toBe(
      "Saving is paused for a moment. 3 changes are saved on this device and will be sent in about a minute.",
    );
    expect(syncStatus(true, 1, 20)).toBe("Saving is paused for a moment. 1 change is saved on this device and will be sent in 20 seconds.");
  });

  it("offline, saving, or nothing to say", () => {
    expect(syncStatus(false, 2, 60)).toBe("You're offline. 2 changes are saved on this device and will be sent when you're back online.");
    expect(syncStatus(false, 0, null)).toBe("You're offline. Changes are saved on this device and sent when you're back online.");
    expect(syncStatus(true, 2, null)).toBe("Saving 2 changes...");
    expect(syncStatus(true, 0, 60)).toBe("");
  });

  it("rounds longer waits to minutes", () => {
    expect(inAbout(1)).toBe("in 1 second");
    expect(inAbout(44)).toBe("in 44 seconds");
    expect(inAbout(45)).toBe("in about a minute");
    expect(inAbout(150)).toBe("in about 3 minutes");
  });
});
