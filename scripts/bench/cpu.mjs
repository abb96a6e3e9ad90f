// Where the machine's CPU went during a case (Linux /proc): cores busy in all, and CPU-seconds per
// second by group — the PostgreSQL server processes, our server processes, this load generator, and
// the rest (pgbench, the kernel's own threads, anything else running). Null where /proc is absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU ticks of a process; with `reaped`, also of its children that exited and were waited for. */
function ticksOf(pid, reaped = false) {
  try {
    // Fields after the command name (which may hold spaces) in /proc/<pid>/stat: utime is the 14th
    // field of the line, stime the 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return reaped ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return 0; // gone
  }
}

function postgresPids() {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}

function machineTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = values.map(Number);
  const idle = n[3] + n[4];
  return { busy: n.reduce((a, b) => a + b, 0) - idle };
}

function snapshot(serverPids) {
  const pg = postgresPids();
  return {
    at: performance.now(),
    machine: machineTicks().busy,
    // PostgreSQL backends come and go with connections (pgbench opens and closes its own): those alive
    // at both ends are counted directly, those that ended through the postmaster's reaped-children time.
    postgres: new Map(pg.map((pid) => [pid, ticksOf(pid, true)])),
    servers: serverPids.reduce((sum, pid) => sum + ticksOf(pid), 0),
    self: ticksOf(process.pid),
  };
}

/** Starts measuring; the returned function ends it and answers the figures. */
export function measureCpu(serverPids = []) {
  if (!existsSync('/proc/stat')) return () => null;
  const start = snapshot(serverPids);
  return () => {
    const end = snapshot(serverPids);
    const seconds = (end.at - start.at) / 1000;
    const perSecond = (ticks) => Number((ticks / TICKS_PER_SECOND / seconds).toFixed(2));
    let postgres = 0;
    for (const [pid, ticks] of end.postgres) postgres += ticks - (start.postgres.get(pid) ?? 0);
    const machine = end.machine - start.machine;
    const servers = end.servers - start.servers;
    const self = end.self - start.self;
    return {
      coresBusy: perSecond(machine),
      postgres: perSecond(postgres),
      servers: perSecond(servers),
      loadGenerator: perSecond(self),
      rest: perSecond(Math.max(0, machine - postgres - servers - self)),
    };
  };
}
