// Where a server's time went, from a V8 CPU profile (`node --cpu-prof`): self time by kind of code
// (idle, GC, our bundle, each npm package, Node's own JS, native calls such as writev) and the busiest
// functions. Self time of a node = the sampling intervals that ended in it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function kindOf({ functionName, url }) {
  if (functionName === '(idle)') return 'idle (waiting for I/O)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 / native (program)';
  if (!url) return `native: ${functionName || '(anonymous)'}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `npm: ${pkg[1]}`;
  if (url.startsWith('node:')) return 'Node.js internals';
  if (url.includes('/apps/server/dist/')) return 'our server code (bundle)';
  return url;
}

/** The newest .cpuprofile in `dir`, summarised: [{ kind, percent }], [{ fn, percent }]. */
export function summariseProfile(dir, { top = 12 } = {}) {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .at(-1);
  if (!file) return null;
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const kinds = new Map();
  const fns = new Map();
  for (const [id, us] of self) {
    const frame = byId.get(id).callFrame;
    const kind = kindOf(frame);
    kinds.set(kind, (kinds.get(kind) ?? 0) + us);
    const where = frame.url
      ? `${frame.url.replace(/^.*\/(node_modules|apps)\//, '')}:${frame.lineNumber + 1}`
      : 'native';
    const fn = `${frame.functionName || '(anonymous)'} (${where})`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
  }
  const percent = (us) => Number(((us / total) * 100).toFixed(1));
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  // Small kinds are folded together so the table stays readable.
  const kindRows = [];
  let other = 0;
  for (const [kind, us] of sorted(kinds)) {
    if (percent(us) >= 1) kindRows.push({ kind, percent: percent(us) });
    else other += us;
  }
  if (other > 0) kindRows.push({ kind: 'everything under 1 % each', percent: percent(other) });
  return {
    file: join(dir, file),
    seconds: Number((total / 1e6).toFixed(1)),
    byKind: kindRows,
    topFunctions: sorted(fns)
      .filter(([fn]) => !fn.startsWith('(idle)'))
      .slice(0, top)
      .map(([fn, us]) => ({ fn, percent: percent(us) })),
  };
}
