// An open loop for `npm run bench:pipeline`: requests started on a schedule (`rate` a second for
// `seconds`), never waiting for earlier answers, as orders arrive from many resellers at once. A closed
// loop (lib.mjs) slows down with the server and so hides how far behind it falls; here a slow server
// shows as latency, measured from each request's scheduled moment (not from when it could start), and
// as requests in flight.

/**
 * Starts `send(i)` for i = 0 … rate × seconds − 1 at t0 + i / rate. A timer that fires late starts every
 * request already due at once. At most `maxInFlight` run at once: one that would pass it is not started
 * but counted in `skipped` (the load generator's own bound, so a stalled server cannot take the
 * machine's memory). Resolves when every started request has settled:
 * { scheduled, started, skipped, results: [{ i, scheduledAt, value | error }], elapsedSeconds }.
 * `now` is the clock (performance.now by default).
 */
export async function openLoop({ rate, seconds, maxInFlight = 2000, send, now = () => performance.now() }) {
  const total = Math.floor(rate * seconds);
  const results = [];
  const pending = [];
  let inFlight = 0;
  let skipped = 0;
  let next = 0;
  const t0 = now();
  const scheduledAt = (i) => t0 + (i * 1000) / rate;

  const start = (i) => {
    if (inFlight >= maxInFlight) {
      skipped += 1;
      return;
    }
    inFlight += 1;
    const at = scheduledAt(i);
    // Called here, not a microtask later: a request starts at its moment.
    let sent;
    try {
      sent = Promise.resolve(send(i, at));
    } catch (error) {
      sent = Promise.reject(error);
    }
    pending.push(
      sent
        .then(
          (value) => results.push({ i, scheduledAt: at, value }),
          (error) => results.push({ i, scheduledAt: at, error }),
        )
        .finally(() => {
          inFlight -= 1;
        }),
    );
  };

  while (next < total) {
    const due = Math.min(total, Math.floor(((now() - t0) * rate) / 1000) + 1);
    while (next < due) start(next++);
    if (next < total) {
      const wait = Math.max(0, scheduledAt(next) - now());
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 50)));
    }
  }
  await Promise.all(pending);
  results.sort((a, b) => a.i - b.i);
  return {
    scheduled: total,
    started: total - skipped,
    skipped,
    results,
    elapsedSeconds: (now() - t0) / 1000,
  };
}
