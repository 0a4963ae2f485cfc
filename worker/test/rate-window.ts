/**
 * Cloudflare's rate limiter (and miniflare's local one) counts in windows aligned to the wall clock,
 * so a test that fills a limit must not straddle a window's end: wait for the next window when fewer
 * than `neededMs` of the current one are left.
 */
export async function startInsideWindow(neededMs: number, periodMs = 60_000): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
