/**
 * 'Delete' on a list card of /history and /dashboard?tab=history, sent without the page's script: the
 * card's form posts `intent=delete-list` and the list id, and the page's action deletes it through
 * the API in process (its owner rule); the loader then shows the lists without it.
 */
import type { RouterContextProvider } from "react-router";
import { listEndpoints } from "../../core/api/list-endpoints.ts";
import { type FormFailure, formCall, formFields } from "./page-api.server.ts";

export async function deleteListAction(
  context: Readonly<RouterContextProvider>,
  form: FormData,
): Promise<{ intent: "delete-list"; failure: FormFailure | null }> {
  const { listId } = formFields(form, ["listId"]);
  const done = await formCall(context, listEndpoints.remove, { params: { id: listId } });
  return { intent: "delete-list", failure: done.ok ? null : done.failure };
}
