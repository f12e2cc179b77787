import type { Transaction } from './interchange-reader.ts';
import { ACK_MEANINGS } from './code-meanings.ts';

export interface AckError {
  segment?: string;
  position?: string;
  loop?: string;
  element?: string;
  code: string;
  meaning: string;
}
export interface AckResult {
  transactionSet: string;
  control: string;
  accepted: boolean;
  status: string;
  meaning: string;
  errors: AckError[];
}
export interface Ack999 {
  groupControl: string;
  version?: string;
  accepted: boolean;
  groupStatus: string;
  groupMeaning: string;
  transactions: AckResult[];
}

// 999 code meanings are data (schemas/lists/x12/ack-*.json).
const { status: STATUS, segment: IK3, element: IK4, transaction: IK5 } = ACK_MEANINGS;

/** Reads a 999: per transaction set accepted or rejected, with every IK3/IK4/IK5 error explained. */
export function read999(tx: Transaction): Ack999 {
  const ack: Ack999 = { groupControl: '', accepted: false, groupStatus: '', groupMeaning: '', transactions: [] };
  let current: AckResult | null = null;
  let lastSegment: AckError | null = null;
  for (const { id, elements: e } of tx.segments) {
    if (id === 'AK1') {
      ack.groupControl = e[2];
      ack.version = e[3];
    } else if (id === 'AK2') {
      current = { transactionSet: e[1], control: e[2], accepted: false, status: '', meaning: '', errors: [] };
      ack.transactions.push(current);
    } else if (id === 'IK3' && current) {
      lastSegment = {
        segment: e[1],
        position: e[2],
        loop: e[3] || undefined,
        code: e[4],
        meaning: IK3.get(e[4]) ?? `Segment error ${e[4]}`,
      };
      current.errors.push(lastSegment);
    } else if (id === 'IK4' && current) {
      current.errors.push({
        segment: lastSegment?.segment,
        position: e[1],
        element: e[1],
        code: e[3],
        meaning: IK4.get(e[3]) ?? `Element error ${e[3]}`,
      });
    } else if (id === 'IK5' && current) {
      current.status = e[1];
      current.accepted = e[1] === 'A' || e[1] === 'E';
      current.meaning = STATUS.get(e[1]) ?? e[1];
      for (const code of e.slice(2).filter(Boolean))
        current.errors.push({ code, meaning: IK5.get(code) ?? `Transaction error ${code}` });
      current = null;
    } else if (id === 'AK9') {
      ack.groupStatus = e[1];
      ack.accepted = e[1] === 'A' || e[1] === 'E';
      ack.groupMeaning = STATUS.get(e[1]) ?? e[1];
    }
  }
  return ack;
}
