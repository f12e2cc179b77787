import { describe, expect, it } from 'vitest';
import { sharedOptions } from '../../../src/client/widgets/shared-options.ts';

/** A server stand-in that counts the calls and answers when told to. */
function server() {
  const calls: string[] = [];
  const answers: Array<(v: unknown) => void> = [];
  const ask = <T>(path: string, opts?: { query?: Record<string, unknown> }) => {
    calls.push(`${path} ${JSON.stringify(opts?.query)}`);
    return new Promise<T>((resolve) => answers.push(resolve as (v: unknown) => void));
  };
  return { calls, answers, ask: ask as never };
}

describe("pickers' choices", () => {
  it('pickers asking for the same choices at the same moment share one call and get the same answer', async () => {
    const s = server();
    const asked = [1, 2, 3, 4].map(() =>
      sharedOptions('/health-professional/get-list', { billing_company_id: 1 }, s.ask),
    );
    expect(s.calls).toHaveLength(1);
    s.answers[0]([{ id: 7, name: 'Dr. Ruiz' }]);
    expect(await Promise.all(asked)).toEqual(Array(4).fill([{ id: 7, name: 'Dr. Ruiz' }]));
  });

  it('a picker opened after the answer asks again, so it sees what changed since', async () => {
    const s = server();
    const first = sharedOptions('/company/get-list', { billing_company_id: 1 }, s.ask);
    s.answers[0]([]);
    await first;
    void sharedOptions('/company/get-list', { billing_company_id: 1 }, s.ask);
    expect(s.calls).toHaveLength(2);
  });

  it('different choices (another filter) are different calls', () => {
    const s = server();
    void sharedOptions('/insurance-plan/get-list', { insurance_company_id: 1 }, s.ask);
    void sharedOptions('/insurance-plan/get-list', { insurance_company_id: 2 }, s.ask);
    expect(s.calls).toHaveLength(2);
  });

  it('a refused call is refused to every picker that shared it, and the next asks again', async () => {
    const s = server();
    let refuse: (e: Error) => void = () => undefined;
    const ask = ((path: string) => {
      s.calls.push(path);
      return new Promise((_, reject) => (refuse = reject));
    }) as never;
    const a = sharedOptions('/facility/get-list', {}, ask);
    const b = sharedOptions('/facility/get-list', {}, ask);
    refuse(new Error('offline'));
    await expect(a).rejects.toThrow('offline');
    await expect(b).rejects.toThrow('offline');
    void sharedOptions('/facility/get-list', {}, ask).catch(() => undefined);
    expect(s.calls).toHaveLength(2);
  });
});
