/**
 * CPT's anesthesia codes, 00100–01999: billed in minutes of anesthesia time (SV103 MJ, CMS-1500 box 24G), which the
 * payer turns into time units and adds to the code's base units. Every other service is billed in units.
 */
export const isAnesthesia = (code: unknown): boolean => {
  const c = String(code ?? '').trim();
  return /^0[01]\d{3}$/.test(c) && c >= '00100';
};

/** The minutes in words, with the time units most payers count (one per 15 minutes), for the person entering them. */
export const anesthesiaTimeUnits = (minutes: number) => Math.ceil((minutes * 10) / 15) / 10;
