// The table `npm run bench:pipeline` prints from its summary (the same summary is written to
// .tmp/bench-pipeline.json).

const ms = (v) => (v === null || v === undefined ? 'not sent' : v);

function sendsRows(kind, a) {
  const pg = a.pgbench;
  return [
    { figure: `${kind}: load average before`, value: a.loadAverageBefore, beside: '' },
    {
      figure: `${kind}: orders offered (v2 add, open loop, ${a.seconds} s)`,
      value: `${a.offeredPerSecond}/s`,
      beside: `${a.scheduled} scheduled, ${a.skippedByLoadGenerator} skipped (over ${a.maxInFlight} in flight)`,
    },
    {
      figure: `${kind}: orders taken per s (all answered within ${a.answeredWithinSeconds} s)`,
      value: a.takenPerSecond,
      beside: pg
        ? `pgbench -N ${pg.clients} clients: ${pg.before} / ${pg.after} tps (${pg.noisy ? 'too noisy' : `mean ${pg.mean}`})`
        : '',
    },
    {
      figure: `${kind}: member's answer from its scheduled start, p50 / p99 ms`,
      value: `${a.memberAnswer.p50Ms} / ${a.memberAnswer.p99Ms}`,
      beside: '',
    },
    {
      figure: `${kind}: member's 200 → provider's add, p50 / p99 ms`,
      value: `${ms(a.orderToProvider.p50Ms)} / ${ms(a.orderToProvider.p99Ms)}`,
      beside: 'goal: p99 < 2000',
    },
    {
      figure: `${kind}: sends per s sustained`,
      value: a.sendsPerSecondSustained,
      beside: `fake's ceiling at ${a.fakeCeiling.concurrency} in flight: ${a.fakeCeiling.addsPerSecond}/s (ratio ${a.sendsOverCeiling})`,
    },
    {
      figure: `${kind}: sends per s while orders were being taken`,
      value: a.sentDuringWindowPerSecond,
      beside: '',
    },
    {
      figure: `${kind}: orders not sent after the drain (bound ${a.drainBoundSeconds} s)`,
      value: a.notSent,
      beside: `of ${a.taken} taken`,
    },
    {
      figure: `${kind}: adds for a link the provider already had (sent twice)`,
      value: a.duplicateAdds,
      beside: 'must be 0',
    },
  ];
}

export function printPipelineSummary(s) {
  console.log(
    `\nnpm run bench:pipeline: ${s.machine.cores} cores (${s.machine.cpuModel}), Node ${s.machine.node}, ` +
      `load average ${s.machine.loadAverageAtStart[0]} at start, PostgreSQL ${s.settings.postgresDurability}, ` +
      `provider latency ${s.settings.providerLatencyMs} ms, background tick ${s.settings.backgroundTickSeconds}`,
  );
  const phases = [
    ['PostgreSQL', s.sends],
    ['PGlite', s.pgliteSends],
  ].filter(([, a]) => a);
  if (phases.length > 0) console.table(phases.flatMap(([kind, a]) => sendsRows(kind, a)));
  for (const [kind, a] of phases) {
    if (Object.keys(a.refused).length > 0) console.log(`${kind}: refused or failed v2 adds:`, a.refused);
  }
  if (s.sweeps?.length) {
    console.table(
      s.sweeps.map((w) => ({
        'status sweep': `${w.orders.toLocaleString('en')} open orders, ${w.mode === 'multi' ? 'multi-status' : 'single calls'}`,
        load: w.loadAverageBefore,
        seconds: w.complete ? w.seconds : `> ${w.seconds} (bound)`,
        'asked once': `${w.asked} (${Math.round((100 * w.asked) / w.orders)} %)`,
        'per s': w.askedPerSecond,
        'first ask s': w.firstAskSeconds ?? 'none',
        'status calls': w.statusCalls,
        'ids / call': w.idsPerCall,
        'orders= refused': w.refusedMultiStatusCalls,
        'peak in flight': w.peakStatusCallsInFlight,
      })),
    );
  }
  if (s.error) console.log(`the run failed: ${s.error.split('\n')[0]}`);
  console.log('whole summary: .tmp/bench-pipeline.json');
}
