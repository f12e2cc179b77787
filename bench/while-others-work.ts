import { readFileSync } from 'node:fs';
import { callServer, type ServerProcess } from '../tests/helpers/server-process.ts';

/** What one act cost the server while another person worked: its time, the server's memory, the others' waits. */
export interface UnderLoad<T> {
  result: T;
  ms: number;
  rssBefore: number;
  rssPeak: number;
  waits: number[];
}

/**
 * Runs an act against the product's server process while another person's request (GET /auth/me) goes every
 * `probeMs`, sampling the server's memory (VmRSS from /proc) every 20 ms: the act's time through HTTP, the memory it
 * took and how long the others waited meanwhile (sorted, shortest first).
 */
export async function whileOthersWork<T>(
  server: ServerProcess,
  token: string,
  act: () => Promise<T>,
  probeMs = 100,
): Promise<UnderLoad<T>> {
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) / 1024;
  for (let i = 0; i < 20; i++) await callServer(server.base, token, 'GET', '/auth/me');
  const rssBefore = rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 20);
  const waits: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const t = performance.now();
      await callServer(server.base, token, 'GET', '/auth/me');
      waits.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, probeMs));
    }
  })();
  const t0 = performance.now();
  try {
    const result = await act();
    return { result, ms: performance.now() - t0, rssBefore, rssPeak, waits };
  } finally {
    probing = false;
    await prober;
    clearInterval(sampler);
    waits.sort((a, b) => a - b);
  }
}

/** The columns the benches print of it: ms | RSS before → peak (+grown) | requests meanwhile | their wait p50 / max. */
export const underLoadColumns = (u: UnderLoad<unknown>) =>
  `${u.ms.toFixed(0)} | ${u.rssBefore.toFixed(0)} → ${u.rssPeak.toFixed(0)} (+${(u.rssPeak - u.rssBefore).toFixed(0)}) | ${u.waits.length} | ${u.waits[Math.floor(u.waits.length / 2)].toFixed(0)} / ${u.waits.at(-1)!.toFixed(0)}`;
