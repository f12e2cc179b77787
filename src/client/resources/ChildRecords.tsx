import { Box } from '@mui/material';
import { entityByName, type ClientEntity } from '../schema/entities.ts';
import ResourceWindow from './ResourceWindow.tsx';

export interface ChildTab { entity: ClientEntity; field: string; label: string; label_es?: string; addAfterCreate?: boolean }

/** The records of other entities shown on a parent's screen (a patient's policies, a payer's plans, a company's units). */
export const childTabsOf = (parent: ClientEntity): ChildTab[] =>
  (parent.resource.children ?? []).flatMap((c) => { const entity = entityByName(c.entity); return entity ? [{ ...c, entity }] : []; });

/**
 * One kind of child records: the child's own generated list, add, view and edit, narrowed to this
 * parent and filled with it (and with the parent's billing company, whoever is looking). Records
 * linked through a list of ids (a company's facilities) are shown, not added here: they are linked
 * from their own screen or the link calls.
 */
export function ChildRecords({ child, record, parent, adding }: { child: ChildTab; record: Record<string, unknown> & { id: number }; parent: ClientEntity; adding?: boolean }) {
  const fixed: Record<string, unknown> = { [child.field]: record.id };
  if (child.entity.resource.tenancy === 'billing-company' && record.billing_company_id !== undefined) fixed.billing_company_id = record.billing_company_id;
  return (
    <Box sx={{ minHeight: 240, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid={`children-${child.entity.name}`}>
      <ResourceWindow key={`${child.entity.name}-${record.id}`} entity={child.entity} appName={`${parent.name}-${record.id}-${child.entity.name}`} fixed={fixed}
        linkedOnly={child.entity.schema.properties[child.field]?.type === 'array'} startCreating={adding} />
    </Box>
  );
}
