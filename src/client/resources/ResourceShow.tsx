import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { Fragment, useEffect, useState } from 'react';
import { useGetOne } from 'react-admin';
import { namesSource, rememberNames } from '../widgets/known-names.ts';
import { Loading } from '../app/Loading.tsx';
import { schemaLabel, sectionTitle, useI18n } from '../i18n/i18n.ts';
import { orderedFields, type ClientEntity, type FieldSchema } from '../schema/entities.ts';
import { childTabsOf, type RenderChild } from './ChildRecords.tsx';
import { FieldValue } from './FieldValue.tsx';
import type { Permissions, View } from './ResourceWindow.tsx';
import { UserActions } from './UserActions.tsx';
import { StateControl } from './StateControl.tsx';
import { RecordCommands } from './RecordCommands.tsx';
import { MessagesButton } from './MessagesButton.tsx';
import { useMe } from '../shell/me-context.ts';

type Record_ = Record<string, unknown> & { id: number };

/**
 * A record is offered for editing only in the states its schema allows (x-resource.editableWhen); a
 * shared table's shipped code (no billing company) only to a Super User, as the server holds it.
 */
const editable = (entity: ClientEntity, data: Record_, superUser: boolean) =>
  Object.entries(entity.resource.editableWhen ?? {}).every(([field, values]) =>
    values.includes(data[field] as never),
  ) &&
  (entity.resource.tenancy !== 'shared' || data.billing_company_id !== undefined || superUser);

function SectionFields({ fields, data }: { fields: Array<[string, FieldSchema]>; data: Record_ }) {
  const { locale } = useI18n();
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {fields.map(([name, f]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {schemaLabel(f, locale, name)}
          </Box>
          <Box component="dd" sx={{ m: 0 }} data-testid={`field-${name}`}>
            <FieldValue
              field={f}
              value={data[name]}
              name={f['x-ui']?.nameFrom ? data[f['x-ui'].nameFrom] : undefined}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A record's fields by section, with edit and history when the role allows them. A record with
 * several sections or child records (a patient: contact, addresses…, insurance policies) shows them
 * as tabs; a small one shows everything at once.
 */
export function ResourceShow({
  entity,
  id,
  perms,
  go,
  fixed,
  addChild,
  renderChild,
}: {
  entity: ClientEntity;
  id: number;
  perms: Permissions;
  go(v: View): void;
  fixed?: Record<string, unknown>;
  /** just created: open the child tab the schema names for it (a new patient's policies) on its form */
  addChild?: boolean;
  /** shows one kind of the record's child records: the window holding this screen draws them */
  renderChild: RenderChild;
}) {
  const { t, locale } = useI18n();
  const { me } = useMe();
  const adding = addChild ? childTabsOf(entity, me).findIndex((c) => c.addAfterCreate) : -1;
  // The child tab comes right after the first section's (see below): its index is 1 + its place among the children.
  const [tab, setTab] = useState(adding >= 0 ? 1 + adding : 0);
  // The form opens once, on arrival; a tab chosen afterwards shows the child's list as usual.
  const [addingNow, setAddingNow] = useState(adding);
  const { data, isPending, error } = useGetOne<Record_>(entity.name, { id });
  // A picker that will hold this record (a claim opened from this patient) names it without asking.
  useEffect(() => {
    if (data?.display_name)
      rememberNames(namesSource(entity.resource.basePath), [{ id: data.id, name: data.display_name }]);
  }, [data?.id, data?.display_name, entity.resource.basePath]);
  if (isPending) return <Loading />;
  if (error || !data)
    return (
      <Box sx={{ p: 2 }}>
        <Typography role="alert">{(error as Error)?.message}</Typography>
        <Button onClick={() => go({ kind: 'list' })}>{t('record.back')}</Button>
      </Box>
    );
  // What the parent screen already says (a policy's patient) is not repeated on the child's record.
  const fields = orderedFields(
    entity,
    (n, f) => !f.writeOnly && !f['x-db']?.secret && f['x-ui']?.widget !== 'hidden' && !(fixed && n in fixed),
  );
  const sections = [...new Set(fields.map(([, f]) => f['x-ui']?.section ?? ''))];
  const children = childTabsOf(entity, me);
  const inSection = (s: string) => fields.filter(([, f]) => (f['x-ui']?.section ?? '') === s);
  // A short record reads best at once; a long one (a patient, a company) or one with child records in tabs.
  const tabbed = children.length > 0 || sections.filter(Boolean).length >= 3;
  // Child records (a patient's insurance policies) come right after the record's first section: billing staff
  // look there first, and a tenth tab hides behind the scroll arrow of a window at its default size.
  const sectionTabs = sections.map((s, i) => ({
    key: `s:${s}`,
    label: s ? sectionTitle(t, s) : t('record.main'),
    section: i,
    child: -1,
  }));
  const childTabs = children.map((c, i) => ({
    key: `c:${c.entity.name}`,
    label: (locale === 'es' && c.label_es) || c.label,
    section: -1,
    child: i,
  }));
  const tabs = [...sectionTabs.slice(0, 1), ...childTabs, ...sectionTabs.slice(1)];
  const current = Math.min(tab, tabs.length - 1);
  const shown = tabs[current];
  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" sx={{ fontSize: 18, fontWeight: 600, flex: 1 }}>
          {String(data.display_name ?? data.id)}
        </Typography>
        <Button onClick={() => go({ kind: 'list' })}>{t('record.back')}</Button>
        {entity.resource.messenger && (
          <MessagesButton kind={entity.resource.messenger} id={id} subject={String(data.display_name ?? '')} />
        )}
        {perms.history && (
          <Button variant="outlined" onClick={() => go({ kind: 'history', id })}>
            {t('record.history')}
          </Button>
        )}
        {perms.history && entity.resource.accesses && (
          <Button variant="outlined" onClick={() => go({ kind: 'accesses', id })}>
            {t('accesses.title')}
          </Button>
        )}
        {perms.edit && editable(entity, data, !!me?.is_super_user) && (
          <Button variant="contained" onClick={() => go({ kind: 'edit', id })}>
            {t('record.edit')}
          </Button>
        )}
      </Box>
      {entity.name === 'user' && <UserActions user={data} />}
      <RecordCommands entity={entity} record={data} />
      {entity.schema['x-states'] && <StateControl entity={entity} record={data} />}
      {tabbed ? (
        <>
          <Tabs
            value={current}
            onChange={(_e, v) => {
              setTab(v);
              setAddingNow(-1);
            }}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={t('record.sections')}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((x) => (
              <Tab key={x.key} label={x.label} />
            ))}
          </Tabs>
          {shown.child < 0 ? (
            <SectionFields fields={inSection(sections[shown.section])} data={data} />
          ) : (
            renderChild(children[shown.child], data, shown.child === addingNow)
          )}
        </>
      ) : (
        <>
          {sections.map((s) => (
            <Box component="section" key={s || 'main'} sx={{ mb: 2 }}>
              {s && (
                <Typography variant="h4" sx={{ fontSize: 15, fontWeight: 700, color: 'primary.dark', mb: 1 }}>
                  {sectionTitle(t, s)}
                </Typography>
              )}
              <SectionFields fields={inSection(s)} data={data} />
            </Box>
          ))}
          {children.map((c, i) => (
            <Fragment key={c.entity.name}>{renderChild(c, data, i === addingNow)}</Fragment>
          ))}
        </>
      )}
    </Box>
  );
}
