import { Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { entityByName, type ClientEntity } from '../schema/entities.ts';
import ResourceWindow from './ResourceWindow.tsx';

/**
 * The records of other entities that belong to this one (a patient's policies, a payer's plans, a
 * company's units), each in a tab with its own list, add, view and edit — the child's generated
 * screens, narrowed to this parent and filled with it.
 */
export function ChildRecords({ parent, record }: { parent: ClientEntity; record: Record<string, unknown> & { id: number } }) {
  const { locale } = useI18n();
  const children = (parent.resource.children ?? []).map((c) => ({ ...c, entity: entityByName(c.entity) })).filter((c) => c.entity);
  const [tab, setTab] = useState(0);
  if (!children.length) return null;
  const child = children[Math.min(tab, children.length - 1)];
  // The child belongs to the parent's billing company, whoever is looking.
  const fixed: Record<string, unknown> = { [child.field]: record.id };
  if (child.entity!.resource.tenancy === 'billing-company' && record.billing_company_id !== undefined) fixed.billing_company_id = record.billing_company_id;
  return (
    <Box component="section" sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Tabs value={Math.min(tab, children.length - 1)} onChange={(_e, v) => setTab(v)} aria-label={parent.schema.title}>
        {children.map((c) => <Tab key={c.entity!.name} label={(locale === 'es' && c.label_es) || c.label} />)}
      </Tabs>
      <Box sx={{ minHeight: 240 }} data-testid={`children-${child.entity!.name}`}>
        <ResourceWindow key={`${child.entity!.name}-${record.id}`} entity={child.entity!} appName={`${parent.name}-${record.id}-${child.entity!.name}`} fixed={fixed} />
      </Box>
    </Box>
  );
}
