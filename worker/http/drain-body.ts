/**
 * Every request body is read to its end before the Worker answers. A body left unread (a 415, a 404
 * or 405 for a POST, a rate-limited import, a form POST to a page) makes the local runtime's proxy
 * fail the request with "Network connection lost" (and made older wrangler versions exit; decision
 * 0001). Reading is bounded: past DRAIN_MAX_BYTES the rest is cancelled instead.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

/** Reads and discards what is left of `body`; never throws (a client that went away ends it). */
export async function discardBody(body: ReadableStream<Uint8Array> | null, maxBytes = DRAIN_MAX_BYTES): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  await discardFromReader(reader, maxBytes);
}

export async function discardFromReader(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes = DRAIN_MAX_BYTES): Promise<void> {
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > maxBytes) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client disconnected mid-body: nothing left to drain.
  }
}

/** Drains the request's body if the handler left it unread. */
export async function drainUnreadBody(request: Request): Promise<void> {
  if (request.body && !request.bodyUsed) await discardBody(request.body);
}
