import type { seeded } from './demo-rows.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { PaymentToRemit } from '../../src/domain/x12/era-835-writer.ts';
import { paymentSummaries, registerEras } from '../payments/era-files.ts';

export type DemoContext = { db: Database; entities: Entity[]; files: FileStore };

/** One billing company's day of the demo history: who acts, which claims were paid when, the seeded dice, the day. */
export interface DemoCompanyDay {
  ctx: DemoContext;
  actor: Actor;
  bc: number;
  paidOn: Map<number, number>;
  r: ReturnType<typeof seeded>;
  today: Date;
}
/** A payer as the demo reads it: its row in insurance_companies, and the clinic it pays. */
export interface DemoPayerRow {
  payer_name: string;
  payer_id: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  clinic: string;
  npi: string;
}

/** The payer (loop 1000A: address and EDI contact) and payee (N1*PE: the clinic that billed, by its own NPI) a demo 835 names. */
export const remitParties = (w: DemoPayerRow): Pick<PaymentToRemit, 'payer' | 'payee'> => ({
  payer: {
    name: w.payer_name.toUpperCase().slice(0, 60),
    id: w.payer_id,
    address: {
      line1: (w.address ?? 'PO BOX 1').toUpperCase(),
      city: (w.city ?? 'JACKSONVILLE').toUpperCase(),
      state: w.state ?? 'FL',
      zip: w.zip ?? '32202',
    },
    contact: { name: 'EDI SUPPORT', phone: w.phone ?? '8005550100' },
  },
  payee: { name: w.clinic.toUpperCase().slice(0, 60), npi: w.npi },
});

/** An 835 taken in as a payer's file through the product's intake: kept in the file store and registered. Answers the ERAs it made. */
export async function takeIn({
  ctx,
  actor,
  bc,
  name,
  text,
}: {
  ctx: DemoContext;
  actor: Actor;
  bc: number;
  name: string;
  text: string;
}): Promise<number[]> {
  const file = await ctx.files.save(actor, {
    kind: 'era',
    name,
    billingCompanyId: bc,
    source: Buffer.from(text, 'latin1'),
  });
  const { payments } = await paymentSummaries(text);
  return ctx.db.transaction(
    async (tx) =>
      (
        await registerEras(tx, ctx, actor, {
          billingCompanyId: bc,
          fileId: file.id,
          name,
          size: text.length,
          payments,
        })
      ).created,
  );
}
