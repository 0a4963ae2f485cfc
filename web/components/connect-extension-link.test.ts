import { describe, expect, it } from "vitest";
import { connectAnswerUrl, readConnectRequest } from "./connect-extension-link.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const CHROME = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const FIREFOX = "moz-extension://0f8b7c1e-3a2d-4b5c-9d8e-7f6a5b4c3d2e";
const q = (ret: string, state = "AbCdEf0123456789_-xyzQ") => `?${new URLSearchParams({ return: ret, state })}`;

describe("connect page link", () => {
  it("accepts the extension's connected.html in Chrome and Firefox", () => {
    expect(readConnectRequest(q(`${CHROME}/connected.html`))).toEqual({
      returnUrl: `${CHROME}/connected.html`,
      extensionOrigin: CHROME,
      state: "AbCdEf0123456789_-xyzQ",
    });
    expect(readConnectRequest(q(`${FIREFOX}/connected.html`))?.extensionOrigin).toBe(FIREFOX);
  });
  it("refuses web addresses, other extension pages, extra parts and bad states", () => {
    for (const ret of [
      "https://evil.example/connected.html",
      `${CHROME}/popup.html`,
      `${CHROME}/connected.html?x=1`,
      `${CHROME}/connected.html#x`,
      `${CHROME}.evil.example/connected.html`,
      "javascript:alert(1)//connected.html",
    ]) {
      expect(readConnectRequest(q(ret)), ret).toBeNull();
    }
    expect(readConnectRequest(q(`${CHROME}/connected.html`, "short"))).toBeNull();
    expect(readConnectRequest(q(`${CHROME}/connected.html`, "has spaces and more than sixteen"))).toBeNull();
    expect(readConnectRequest("")).toBeNull();
  });
  it("puts the token and state in the fragment, never the query", () => {
    const req = expectDefined(readConnectRequest(q(`${CHROME}/connected.html`)));
    expect(connectAnswerUrl(req, "tok_en-1")).toBe(`${CHROME}/connected.html#token=tok_en-1&state=AbCdEf0123456789_-xyzQ`);
  });
});
