import type { ReactNode } from 'react';
import { actionSlug } from '../../platform/route-plan.ts';
import { entityByName, type ClientEntity } from '../schema/entities.ts';
import { can, type Me } from '../shell/me.ts';

export interface ChildTab {
  entity: ClientEntity;
  field: string;
  label: string;
  label_es?: string;
  addAfterCreate?: boolean;
}

/**
 * The records of other entities shown on a parent's screen (a patient's policies, a payer's plans, a company's units),
 * each only to those who may list them (a patient's eligibility checks to a role that reads eligibility).
 */
export const childTabsOf = (parent: ClientEntity, me: Me): ChildTab[] =>
  (parent.resource.children ?? []).flatMap((c) => {
    const entity = entityByName(c.entity);
    return entity && can(me, actionSlug(entity.resource, 'view')) ? [{ ...c, entity }] : [];
  });

/** How a record's screen shows one kind of its child records (given by the window that holds it, which shows them as windows of their own). */
export type RenderChild = (
  child: ChildTab,
  record: Record<string, unknown> & { id: number },
  adding: boolean,
) => ReactNode;
