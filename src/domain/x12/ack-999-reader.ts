import type { Transaction } from './interchange-reader.ts';

export interface AckError { segment?: string; position?: string; loop?: string; element?: string; code: string; meaning: string }
export interface AckResult { transactionSet: string; control: string; accepted: boolean; status: string; meaning: string; errors: AckError[] }
export interface Ack999 { groupControl: string; version?: string; accepted: boolean; groupStatus: string; groupMeaning: string; transactions: AckResult[] }

// 999 acknowledgment codes (IK5/AK9 statuses, IK3 segment errors, IK4 element errors) in plain words.
const STATUS: Record<string, string> = { A: 'Accepted', E: 'Accepted with errors noted', M: 'Rejected: message authentication failed', P: 'Partially accepted', R: 'Rejected', W: 'Rejected: assurance failed', X: 'Rejected: content could not be analysed' };
const IK3: Record<string, string> = {
  '1': 'Unrecognized segment', '2': 'Unexpected segment', '3': 'Required segment missing', '4': 'Loop occurs over maximum times', '5': 'Segment exceeds maximum use',
  '6': 'Segment not in defined transaction set', '7': 'Segment not in proper sequence', '8': 'Segment has data element errors', 'I4': 'Implementation "not used" segment present',
  'I6': 'Implementation dependent segment missing', 'I7': 'Implementation loop occurs under minimum times', 'I8': 'Implementation segment below minimum use', 'I9': 'Implementation dependent "not used" segment present',
};
const IK4: Record<string, string> = {
  '1': 'Required data element missing', '2': 'Conditional required data element missing', '3': 'Too many data elements', '4': 'Data element too short', '5': 'Data element too long',
  '6': 'Invalid character in data element', '7': 'Invalid code value', '8': 'Invalid date', '9': 'Invalid time', '10': 'Exclusion condition violated', '12': 'Too many repetitions', '13': 'Too many components',
  'I10': 'Implementation "not used" data element present', 'I11': 'Implementation too few repetitions', 'I12': 'Implementation pattern match failure', 'I13': 'Implementation dependent "not used" data element present',
  'I6': 'Code value not used in implementation', 'I9': 'Implementation dependent data element missing',
};
const IK5: Record<string, string> = {
  '1': 'Transaction set not supported', '2': 'Transaction set trailer missing', '3': 'Transaction set control number in header and trailer do not match', '4': 'Number of included segments does not match actual count',
  '5': 'One or more segments in error', '6': 'Missing or invalid transaction set identifier', '7': 'Missing or invalid transaction set control number', '23': 'Transaction set control number not unique within the functional group',
  'I5': 'Implementation one or more segments in error', 'I6': 'Implementation convention not supported',
};

/** Reads a 999: per transaction set accepted or rejected, with every IK3/IK4/IK5 error explained. */
export function read999(tx: Transaction): Ack999 {
  const ack: Ack999 = { groupControl: '', accepted: false, groupStatus: '', groupMeaning: '', transactions: [] };
  let current: AckResult | null = null;
  let lastSegment: AckError | null = null;
  for (const { id, elements: e } of tx.segments) {
    if (id === 'AK1') { ack.groupControl = e[2]; ack.version = e[3]; }
    else if (id === 'AK2') { current = { transactionSet: e[1], control: e[2], accepted: false, status: '', meaning: '', errors: [] }; ack.transactions.push(current); }
    else if (id === 'IK3' && current) { lastSegment = { segment: e[1], position: e[2], loop: e[3] || undefined, code: e[4], meaning: IK3[e[4]] ?? `Segment error ${e[4]}` }; current.errors.push(lastSegment); }
    else if (id === 'IK4' && current) { current.errors.push({ segment: lastSegment?.segment, position: e[1], element: e[1], code: e[3], meaning: IK4[e[3]] ?? `Element error ${e[3]}` }); }
    else if (id === 'IK5' && current) {
      current.status = e[1];
      current.accepted = e[1] === 'A' || e[1] === 'E';
      current.meaning = STATUS[e[1]] ?? e[1];
      for (const code of e.slice(2).filter(Boolean)) current.errors.push({ code, meaning: IK5[code] ?? `Transaction error ${code}` });
      current = null;
    } else if (id === 'AK9') { ack.groupStatus = e[1]; ack.accepted = e[1] === 'A' || e[1] === 'E'; ack.groupMeaning = STATUS[e[1]] ?? e[1]; }
  }
  return ack;
}
