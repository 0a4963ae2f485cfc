/**
 * The household endpoints for the browser: core's transport on the global fetch with the stored
 * session token, as the app's own API client does (web/lib/api-client.ts).
 */
import { createTransport } from "../../../../core/api/transport.ts";
import { getAuthToken } from "../../../lib/api-client.ts";
import { householdGroup } from "../contract.ts";

let client: ReturnType<typeof householdGroup> | null = null;

export function householdApi(): ReturnType<typeof householdGroup> {
  client ??= householdGroup(
    createTransport({ fetch: (input: string, init: unknown) => fetch(input, init as RequestInit), getToken: getAuthToken }),
  );
  return client;
}
