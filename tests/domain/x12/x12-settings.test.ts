import { describe, expect, it } from 'vitest';
import { x12UsageIndicator } from '../../../dev-server/x12/x12-settings.ts';

describe('X12 usage indicator from configuration', () => {
  it('is P only when X12_USAGE says P', () => expect(x12UsageIndicator({ X12_USAGE: 'p' })).toBe('P'));
  it('is T by default, so nothing goes out as production by accident', () => {
    expect(x12UsageIndicator({})).toBe('T');
    expect(x12UsageIndicator({ X12_USAGE: 'production' })).toBe('T');
  });
});
