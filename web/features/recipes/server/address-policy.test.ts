// Runs in workerd on purpose: the canonicalisation under test is the Worker runtime's own URL parser.
import { describe, expect, it } from "vitest";
import { checkFetchUrl, classifyHost, parseIpv6 } from "./address-policy.ts";

const verdict = (url: string, allowLoopback = false) => {
  const v = checkFetchUrl(url, { allowLoopback });
  return v.ok ? "ok" : v.code;
};

describe("checkFetchUrl refuses internal addresses in every spelling", () => {
  const blocked = [
    // loopback, every IPv4 spelling the URL parser accepts
    "http://127.0.0.1/",
    "http://127.255.255.254/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0X7F.0.0.1/",
    "http://0177.0.0.1/",
    "http://0177.0000.0000.0001/",
    "http://127.1/",
    "http://127.0.1/",
    "http://0x7f.1/",
    "http://127.0.0.1./",
    "http://%31%32%37.0.0.1/",
    "http://127.0.0.1%2e/",
    "http://１２７.０.０.１/",
    "http://127。0。0。1/",
    "https://127.0.0.1:443/",
    // loopback names
    "http://localhost/",
    "http://LOCALHOST/",
    "http://localhost./",
    "http://app.localhost/",
    "http://a.b.localhost./",
    "http://%6c%6fcalhost/",
    // private, CGNAT, link-local and metadata, this-network
    "http://10.0.0.1/",
    "http://10.255.255.255/",
    "http://167772161/",
    "http://012.0.0.1/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://0xc0a80101/",
    "http://100.64.0.1/",
    "http://100.127.255.255/",
    "http://169.254.169.254/latest/meta-data/",
    "http://2852039166/",
    "http://0xa9.0xfe.0xa9.0xfe/",
    "http://169.254.0.1/",
    "http://0.0.0.0/",
    "http://0/",
    "http://0.1.2.3/",
    // multicast, reserved, broadcast, documentation, benchmarking
    "http://224.0.0.1/",
    "http://239.255.255.250/",
    "http://240.0.0.1/",
    "http://255.255.255.255/",
    "http://192.0.2.1/",
    "http://198.18.0.1/",
    "http://192.0.0.8/",
    // IPv6 loopback and unspecified
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[0000::0001]/",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[::ffff:0:127.0.0.1]/",
    "http://[::127.0.0.1]/",
    "http://[::8.8.8.8]/",
    "http://[64:ff9b::10.0.0.1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[64:ff9b:1::1]/",
    "http://[2002:7f00:1::]/",
    "http://[2002:c0a8:101::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456:789a::1]/",
    "http://[fe80::1]/",
    "http://[febf:ffff::1]/",
    "http://[fec0::1]/",
    "http://[ff02::1]/",
    "http://[2001:db8::1]/",
    "http://[2001::1]/",
    "http://[100::1]/",
    "http://[4000::1]/",
    // internal names
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata.google.internal./",
    "http://metadata/",
    "http://instance-data/",
    "http://intranet/",
    "http://printer.local/",
    "http://nas.home.arpa/",
    "http://db.corp/",
    "http://router.lan/",
    "http://1.0.0.127.in-addr.arpa/",
    "http://service.namespace.svc.cluster.internal/",
  ];
  for (const url of blocked) {
    it(`refuses ${url}`, () => {
      expect(verdict(url)).toBe("blocked_address");
    });
  }
});

describe("checkFetchUrl refuses malformed and non-web URLs", () => {
  const invalid = [
    "",
    "not a url",
    "example.com/recipe",
    "ftp://example.com/recipe",
    "file:///etc/passwd",
    "gopher://example.com/",
    "javascript:alert(1)",
    "data:text/html,<h1>hi</h1>",
    "http://user:pass@example.com/",
    "http://user@example.com/",
    "https://:secret@example.com/",
    "http://example.com:8080/",
    "https://example.com:22/",
    "http://example.com:0/",
    "http://[fe80::1%25eth0]/",
    "http://1.2.3.4.5/",
    "http://256.0.0.1/",
    `https://example.com/${"a".repeat(2048)}`,
  ];
  for (const url of invalid) {
    it(`refuses ${JSON.stringify(url.slice(0, 60))}`, () => {
      expect(verdict(url)).toBe("invalid_url");
    });
  }
});

describe("checkFetchUrl lets public sites through", () => {
  const allowed = [
    "https://www.allrecipes.com/recipe/1/soup/",
    "http://example.com/",
    "https://example.com:443/",
    "http://example.com:80/",
    "http://example.com:443/",
    "https://EXAMPLE.com./a",
    "https://bücher.example.org/rezept",
    "http://8.8.8.8/",
    "http://1.1.1.1/",
    "http://100.63.255.255/",
    "http://100.128.0.0/",
    "http://172.15.255.255/",
    "http://172.32.0.0/",
    "http://169.253.255.255/",
    "http://[2606:4700:4700::1111]/",
    "http://[::ffff:8.8.8.8]/",
    "http://[64:ff9b::8.8.8.8]/",
    "http://[2002:0808:0808::1]/",
    "https://localhost.example.com/",
    "https://internal.example.com/",
    "https://recipes.local.example.com/",
  ];
  for (const url of allowed) {
    it(`allows ${url}`, () => {
      expect(verdict(url)).toBe("ok");
    });
  }

  it("drops the fragment and canonicalises the host", () => {
    const v = checkFetchUrl("  HTTPS://Example.COM:443/Soup?x=1#step-2 ");
    expect(v.ok && v.url.href).toBe("https://example.com/Soup?x=1");
  });
});

describe("the loopback allowance (local testing)", () => {
  it("admits plain loopback on any port", () => {
    for (const url of [
      "http://127.0.0.1:8787/",
      "http://2130706433:1234/",
      "http://localhost:3000/",
      "http://[::1]:9/",
      "http://a.localhost/",
    ]) {
      expect(verdict(url, true), url).toBe("ok");
    }
  });

  it("never admits private ranges or loopback hidden in IPv6 forms", () => {
    for (const url of [
      "http://10.0.0.1/",
      "http://192.168.0.1/",
      "http://169.254.169.254/",
      "http://0.0.0.0/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::127.0.0.1]/",
      "http://[64:ff9b::7f00:1]/",
      "http://[fc00::1]/",
      "http://metadata.google.internal/",
    ]) {
      expect(verdict(url, true), url).toBe("blocked_address");
    }
  });

  it("still refuses odd ports on public hosts", () => {
    expect(verdict("http://example.com:8080/", true)).toBe("invalid_url");
  });
});

describe("helpers", () => {
  it("parses IPv6 text into words", () => {
    expect(parseIpv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6("2001:db8::")).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIpv6("1:2:3:4:5:6:7")).toBeNull();
    expect(parseIpv6("1::2::3")).toBeNull();
    expect(parseIpv6("12345::")).toBeNull();
  });

  it("classifies hosts", () => {
    expect(classifyHost("127.0.0.1")).toBe("loopback");
    expect(classifyHost("[::1]")).toBe("loopback");
    expect(classifyHost("[::ffff:7f00:1]")).toBe("blocked");
    expect(classifyHost("example.com")).toBe("public");
    expect(classifyHost("[not-an-ip]")).toBe("blocked");
  });
});
