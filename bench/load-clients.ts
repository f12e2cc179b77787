import { Agent, request } from 'node:http';

/**
 * People at once against the API: each keeps a connection open (as browsers do) and asks a Billing Manager's patient
 * list, searched, sorted and paged, in a loop, pausing between clicks. Requests go round the bases given, as a load
 * balancer in front of several server processes would send them.
 */
export interface LoadRun {
  bases: string[];
  token: string;
  users: number;
  seconds: number;
  /** a person's pause between two requests, on average (ms); 0: no pause (saturation) */
  think: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const QUERIES = ['smi', 'joh', 'gar', 'lee', 'mar', 'and', 'bro', 'wil'];

export async function runClients({ bases, token, users, seconds, think }: LoadRun) {
  const agent = new Agent({ keepAlive: true, maxSockets: users + 10 });
  /** One request: its status and, when the server sheds it (503), the Retry-After it asks for, in seconds. */
  const get = (url: string) =>
    new Promise<{ status: number; retryAfterS: number }>((resolve, reject) => {
      request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfterS: Number(res.headers['retry-after'] ?? 1) }),
        );
      })
        .on('error', reject)
        .end();
    });
  /**
   * A page as a person gets it: a request the server sheds (503) is sent again after its Retry-After, as the client
   * does, and the time counted is from the first try to the answer; how many tries were shed is counted apart.
   */
  const page = async (url: string): Promise<{ status: number; shed: number }> => {
    for (let shed = 0; ; shed++) {
      const r = await get(url);
      if (r.status !== 503 || shed >= 30) return { status: r.status, shed };
      await new Promise((done) => setTimeout(done, r.retryAfterS * 1000));
    }
  };
  const times: number[] = [];
  let errors = 0;
  let shed = 0;
  let turn = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: users }, async (_, i) => {
      // People start at different moments and pause between clicks (uniform 0.5–1.5 × think).
      if (think) await new Promise((r) => setTimeout(r, Math.random() * think));
      for (let n = 0; performance.now() < end; n++) {
        const q = QUERIES[(i + n) % QUERIES.length];
        const base = bases[turn++ % bases.length];
        const t = performance.now();
        const { status, shed: tries } = await page(
          `${base}/patient/get-all-server?query=${q}&status=true&sortBy=last_name&itemsPerPage=25&page=${1 + (n % 3)}`,
        ).catch(() => ({ status: 0, shed: 0 }));
        if (status !== 200) errors++;
        shed += tries;
        times.push(performance.now() - t);
        if (think) await new Promise((r) => setTimeout(r, think * (0.5 + Math.random())));
      }
    }),
  );
  agent.destroy();
  return {
    requests: times.length,
    perSecond: times.length / seconds,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    shed,
    errors,
  };
}

/** A result as a row of the benches' tables. */
export const loadRow = (label: string, run: LoadRun, r: Awaited<ReturnType<typeof runClients>>) =>
  `| ${label} | ${run.think ? `${run.users} people, ${run.think / 1000} s between clicks` : `${run.users} clients, no pause (saturation)`} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.shed} | ${r.errors} |`;
