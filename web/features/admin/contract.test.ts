import { describe, expect, it, vi } from "vitest";
import { createTransport, type FetchInit } from "../../../core/api/transport.ts";
import { adminGroup } from "./contract.ts";

function client(answer: () => Response) {
  const fetch = vi.fn(async (_input: string, _init: FetchInit) => answer());
  return { fetch, admin: adminGroup(createTransport({ fetch, getToken: () => null, baseUrl: "https://x.test" })) };
}

describe("the admin desk's client group", () => {
  it("builds the users and contact-messages queries from the given values only", async () => {
    const users = client(() => Response.json({ users: [], page: 2, pageSize: 20, total: 21 }));
    await expect(users.admin.users({ page: 2, search: "a&b" })).resolves.toEqual({ users: [], page: 2, pageSize: 20, total: 21 });
    expect(users.fetch.mock.calls[0]?.[0]).toBe("https://x.test/api/admin/users?page=2&search=a%26b");
    const messages = client(() => Response.json({ messages: [], page: 1, pageSize: 5, total: 0 }));
    await messages.admin.contactMessages({ pageSize: 5 });
    expect(messages.fetch.mock.calls[0]?.[0]).toBe("https://x.test/api/admin/contact-messages?pageSize=5");
  });

  it("deletes a user by its escaped id", async () => {
    const del = client(() => new Response(null, { status: 204 }));
    await del.admin.deleteUser("u/1");
    expect(del.fetch.mock.calls[0]?.[0]).toBe("https://x.test/api/admin/users/u%2F1");
    expect(del.fetch.mock.calls[0]?.[1].method).toBe("DELETE");
  });
});
