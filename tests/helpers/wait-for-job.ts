import { vi } from 'vitest';
import type { Api } from './test-app.ts';

/** A job as GET /jobs/{id} answers it once it has finished (completed or failed), asked every 100 ms. */
export function finishedJob(
  api: Api,
  id: number,
  timeout = 20_000,
): Promise<Record<string, unknown> & { state: string; result: Record<string, unknown> | null }> {
  return vi.waitFor(
    async () => {
      const j = (await api('GET', `/jobs/${id}`)).body;
      if (j.state !== 'completed' && j.state !== 'failed') throw new Error('still running');
      return j;
    },
    { timeout, interval: 100 },
  );
}
