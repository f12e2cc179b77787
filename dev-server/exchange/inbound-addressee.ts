import type { Queryable } from '../db/database.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import type { ExchangeAccount } from './account-connection.ts';
import { paysOurs, payeeWords, providerIdentities, type Payee } from '../payments/payee-identity.ts';

/** Whom an inbound X12 file is addressed to: its interchange and group receivers, and each 835's payee. */
export interface Addressee {
  receivers: string[];
  payees: Payee[];
}

/** Reads only the envelopes and the 835 payee segments (a large ERA is never held whole). */
export function addresseeOf(text: string): Addressee {
  const payees: Addressee['payees'] = [];
  const doc = readInterchanges(text, {
    onTransaction(tx) {
      if (tx.id !== '835') return;
      const payee: Payee = {};
      let inPayee = false;
      for (const s of tx.segments) {
        const e = s.elements;
        if (s.id === 'N1') {
          inPayee = e[1] === 'PE';
          if (inPayee) {
            payee.name = e[2];
            if (e[3] === 'XX') payee.npi = e[4];
            if (e[3] === 'FI') payee.taxId = e[4];
          }
        } else if (inPayee && s.id === 'REF' && e[1] === 'TJ') payee.taxId = e[2];
        else if (s.id === 'LX' || s.id === 'CLP') break;
      }
      payees.push(payee);
    },
  });
  const receivers = doc.interchanges
    .flatMap((i) => [i.receiver, ...i.groups.map((g) => g.receiver)])
    .map((r) => r.trim())
    .filter(Boolean);
  return { receivers, payees };
}

/**
 * Why a file polled from an account's inbound folder is not the account's, or null when it is. A
 * clearing house answers the submitter id it was sent from (ISA08 or GS03); an 835 pays a provider of
 * this billing company (its payee's NPI or tax id). A file with no envelope at all cannot say whom it
 * is for: it is taken in as unreadable, as before, and its bytes stay with the account that found it.
 */
export async function notOursReason(db: Queryable, account: ExchangeAccount, a: Addressee): Promise<string | null> {
  if (!a.receivers.length) return null;
  const own = account.submitter_id.trim().toUpperCase();
  if (!a.receivers.some((r) => r.toUpperCase() === own)) {
    return `It is addressed to ${[...new Set(a.receivers)].join(' / ')}, not to this account's submitter id ${account.submitter_id}.`;
  }
  if (!a.payees.length) return null;
  const known = await providerIdentities(db, account.billing_company_id);
  const stranger = a.payees.find((p) => !paysOurs(known, p));
  return stranger ? `It pays ${payeeWords(stranger)}, which is not a provider of this billing company.` : null;
}
