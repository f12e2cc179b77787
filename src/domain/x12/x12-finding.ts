// Every problem a reader meets is a value: where it is and what it means, never a thrown string.
export type X12FindingCode =
  | 'no-isa'
  | 'short-isa'
  | 'bad-segment-id'
  | 'unexpected-segment'
  | 'missing-trailer'
  | 'control-number-mismatch'
  | 'count-mismatch'
  | 'missing-element'
  | 'bad-value'
  | 'imbalance'
  /** what a clearing house's check of a practice's claim finds (the intake's check): HL tree, balancing, NPI, dates… */
  | 'claim-check';

export interface X12Finding {
  code: X12FindingCode;
  severity: 'error' | 'warning';
  /** 1-based position of the segment in the file */
  position: number;
  segmentId: string;
  /** 1-based element index, when one element is at fault */
  element?: number;
  message: string;
}

export const finding = (
  code: X12FindingCode,
  position: number,
  segmentId: string,
  message: string,
  element?: number,
  severity: 'error' | 'warning' = 'error',
): X12Finding => ({ code, severity, position, segmentId, message, ...(element ? { element } : {}) });

/** A total that does not add up (an 835's payment, claim or line against its parts): what stops a payment from posting. */
export const isImbalance = (f: { code: X12FindingCode }) => f.code === 'imbalance';
