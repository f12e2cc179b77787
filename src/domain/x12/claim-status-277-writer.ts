import type { IsoDate } from '../formats.ts';
import {
  CLAIM_STATUS_276_VERSION,
  personLevels,
  serviceDates,
  type ClaimStatusInquiry,
} from './claim-status-276-writer.ts';
import { inquiryInterchange, momentOf, type InquiryEnvelope } from './x12-envelope.ts';
import { ccyymmdd, money, seg } from './x12-writing.ts';

/** What a payer says of one claim asked about (STC): category and status codes, as of a day, with what it paid. */
export interface ClaimStatusReply {
  /** the claim's trace as the 276 gave it */
  trace: string;
  /** STC01-1: F1 paid, F2 denied, P1 in process, R4 needs information, A4 not found, … */
  category: string;
  /** STC01-2: the claim status code (e.g. 65 claim denied, 20 accepted for processing, 35 not found) */
  status: string;
  /** STC01-3: the entity the status is about, when it names one */
  entity?: string;
  on: IsoDate;
  paidCents?: number;
  payerClaimNumber?: string;
}

/**
 * A 277 claim status response (005010X212) to a 276, as a payer writes it: the payer (2000A), the information
 * receiver (2000B), the provider (2000C), then per claim its subscriber (2000D) with the trace echoed, the status
 * in an STC, the payer's claim number and the service dates. The product writes one only where it plays the payer
 * (the tests' CORE server).
 */
export function write277(q: ClaimStatusInquiry, replies: readonly ClaimStatusReply[], env: InquiryEnvelope): string {
  const { day, time } = momentOf(env.at);
  const byTrace = new Map(q.claims.map((c) => [c.trace, c]));
  const body = [
    seg('BHT', '0010', '08', q.reference, ccyymmdd(day), time, 'DG'),
    seg('HL', '1', '', '20', '1'),
    seg('NM1', 'PR', '2', q.payer.name, '', '', '', '', 'PI', q.payer.id),
    seg('HL', '2', '1', '21', '1'),
    seg('NM1', '41', '2', q.submitter.name, '', '', '', '', '46', q.submitter.id),
    seg('HL', '3', '2', '19', '1'),
    seg('NM1', '1P', '2', q.provider.name, '', '', '', '', 'XX', q.provider.npi),
  ];
  let hl = 3;
  replies.forEach((r) => {
    const c = byTrace.get(r.trace);
    if (!c) return;
    const levels = personLevels(c, hl, false);
    hl = levels.hl;
    body.push(
      ...levels.segments,
      seg('TRN', '2', r.trace),
      seg(
        'STC',
        [r.category, r.status, r.entity].filter(Boolean),
        ccyymmdd(r.on),
        '',
        money(c.chargeCents),
        money(r.paidCents ?? 0),
      ),
      ...(r.payerClaimNumber ? [seg('REF', '1K', r.payerClaimNumber)] : []),
      serviceDates(c),
    );
  });
  return inquiryInterchange(
    env,
    { functionalId: 'HN', transactionSet: '277', version: CLAIM_STATUS_276_VERSION },
    body,
  );
}
