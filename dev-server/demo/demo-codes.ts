import { PROCEDURE_TYPE } from '../../src/generated/ids.ts';
import { productEntities } from '../../src/platform/load-schemas.ts';
import { systemActor } from '../security/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ResourceStore } from '../resources/resource-store.ts';

/**
 * The CPT codes and modifiers a demo billing company bills. The AMA licenses CPT, so the product ships
 * none: like a real billing company, each demo company enters its own, with descriptions in its own words.
 */
export const DEMO_CPT: Array<[code: string, description: string, price: number]> = [
  ['99203', 'New patient office visit, low complexity', 15500],
  ['99213', 'Office visit, established patient, low complexity', 12500],
  ['99214', 'Office visit, established patient, moderate complexity', 18000],
  ['20610', 'Joint injection or aspiration, large joint', 14000],
  ['36415', 'Blood draw from a vein', 1500],
  ['80053', 'Comprehensive metabolic panel', 4200],
  ['83036', 'Hemoglobin A1c', 3500],
  ['85025', 'Complete blood count with differential', 2500],
  ['93000', 'Electrocardiogram with reading', 6500],
];
export const DEMO_CPT_MODIFIERS: Array<[code: string, description: string]> = [
  ['25', 'Separate office visit on the day of a procedure'],
  ['59', 'Distinct service on the same day'],
];

/** Enters the demo's CPT codes and modifiers for one billing company through the code tables' own store (validated and audited). */
export async function enterDemoCodes(db: Database, tx: Queryable, billingCompanyId: number): Promise<void> {
  const entities = productEntities();
  const actor = systemActor(billingCompanyId, 'demo-codes');
  const procedures = new ResourceStore(db, entities.find((e) => e.name === 'procedure')!, actor);
  const modifiers = new ResourceStore(db, entities.find((e) => e.name === 'modifier')!, actor);
  for (const [code, description, price] of DEMO_CPT) {
    await procedures.create(
      {
        billing_company_id: billingCompanyId,
        code,
        type_id: PROCEDURE_TYPE.CPT,
        short_description: description,
        description,
        price,
      },
      { tx },
    );
  }
  for (const [code, description] of DEMO_CPT_MODIFIERS)
    await modifiers.create({ billing_company_id: billingCompanyId, code, description, type: 'CPT' }, { tx });
}
