/**
 * How this installation sends X12: the usage indicator (ISA15) is P only where X12_USAGE=P says so;
 * anything else sends T, so a test or staging server can never send production claims by default.
 */
export function x12UsageIndicator(env: Record<string, string | undefined> = process.env): 'T' | 'P' {
  return env.X12_USAGE?.trim().toUpperCase() === 'P' ? 'P' : 'T';
}
