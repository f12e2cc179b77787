import { actionSlug } from '../../platform/route-plan.ts';
import { Suspense, lazy, useEffect, useState } from 'react';
import {
  onOpenDraft,
  onOpenFilteredList,
  onOpenRecord,
  takeOpenedDraft,
  takeOpenedFilter,
  takeOpenedRecord,
  type ListFilter,
} from '../shell/open-record.ts';
import { Loading } from '../app/Loading.tsx';
import { lazyPreload } from '../app/lazy-preload.ts';
import { whenIdle } from '../app/when-idle.ts';
import { registeredDialog } from '../dialogs/dialog-registry.ts';
import type { ResourceForm as FormScreen } from './ResourceForm.tsx';
import type { ClientEntity } from '../schema/entities.ts';
import { useMe } from '../shell/me-context.ts';
import { can } from '../shell/me.ts';
import { ResourceList } from './ResourceList.tsx';
import { ResourceShow } from './ResourceShow.tsx';
import type { ChildTab } from './ChildRecords.tsx';
import { Box } from '@mui/material';
import { UserLookup } from './UserLookup.tsx';

type FormProps = Parameters<typeof FormScreen>[0];

// The form (RJSF and its validator) and the history load when first asked for, so a list opens light; the form and
// the record's command dialogs (a payment's distribution, an admission's discharge) are fetched once the window is
// idle, so the first Create, Edit or command does not wait for them.
const ResourceForm = lazyPreload<FormProps>(() =>
  import('./ResourceForm.tsx').then((m) => ({ default: m.ResourceForm })),
);
const ResourceHistory = lazy(() => import('./ResourceHistory.tsx').then((m) => ({ default: m.ResourceHistory })));
const RecordAccesses = lazy(() => import('./RecordAccesses.tsx').then((m) => ({ default: m.RecordAccesses })));

/** Windows opened since the page loaded: each keeps its list's place under its own number, never another's. */
let windowsOpened = 0;

export type View =
  | { kind: 'list'; filter?: ListFilter }
  | { kind: 'show'; id: number; addChild?: boolean }
  | { kind: 'edit'; id: number }
  | { kind: 'create'; initial?: Record<string, unknown> }
  | { kind: 'history'; id: number }
  | { kind: 'accesses'; id: number }
  | { kind: 'lookup' };

export interface Permissions {
  create: boolean;
  edit: boolean;
  disable: boolean;
  history: boolean;
  show: boolean;
}

/**
 * One entity's screens inside one window. The view lives in the window, not in the address bar, so
 * several windows can each show their own list at once.
 */
export default function ResourceWindow({
  entity,
  appName,
  fixed,
  linkedOnly,
  startCreating,
}: {
  entity: ClientEntity;
  appName: string;
  /** open on a new record's form (a new patient's first policy) */
  startCreating?: boolean;
  /** inside a parent's screen: the child's fields set to the parent (patient_id), which filter the list and fill the form */
  fixed?: Record<string, unknown>;
  /** records linked to the parent by a list of ids: listed and opened, not created here */
  linkedOnly?: boolean;
}) {
  const { me } = useMe();
  useEffect(
    () =>
      whenIdle(() => {
        void ResourceForm.preload();
        for (const c of entity.resource.commands ?? []) if (c.dialog) void registeredDialog(c.dialog)?.preload();
      }),
    [entity],
  );
  const [view, setView] = useState<View>(() => {
    if (startCreating) return { kind: 'create' };
    const opened = fixed ? null : takeOpenedRecord(appName);
    const filter = fixed ? null : takeOpenedFilter(appName);
    const draft = fixed ? null : takeOpenedDraft(appName);
    if (draft) return { kind: 'create', initial: draft };
    return opened ? { kind: 'show', id: opened } : { kind: 'list', ...(filter ? { filter } : {}) };
  });
  // Asked again while open (another ledger row's claim, another payer's guidelines): the window turns to it.
  useEffect(() => (fixed ? undefined : onOpenRecord(appName, (id) => setView({ kind: 'show', id }))), [appName, fixed]);
  useEffect(
    () => (fixed ? undefined : onOpenFilteredList(appName, (filter) => setView({ kind: 'list', filter }))),
    [appName, fixed],
  );
  useEffect(
    () => (fixed ? undefined : onOpenDraft(appName, (initial) => setView({ kind: 'create', initial }))),
    [appName, fixed],
  );
  const slug = (action: string) => actionSlug(entity.resource, action);
  // Shared catalogues (payers, clearing houses, codes) change only by a Super User's hand; the server says so too.
  // A log and a view (the denial worklist over claims) are read here; their records change through their own commands.
  const readOnly = !!entity.resource.systemWritten || !!entity.resource.viewOf;
  const mayChange = (entity.resource.tenancy !== 'global' || me.is_super_user) && !readOnly;
  const perms: Permissions = {
    create: !linkedOnly && !readOnly && can(me, slug('create')),
    edit: mayChange && can(me, slug('edit')),
    disable: mayChange && can(me, slug('disable')),
    history: !entity.resource.viewOf && can(me, slug('history')),
    show: can(me, slug('show')),
  };
  // The record last opened from the list: back on the list, its row takes the focus again.
  const [opened, setOpened] = useState<number | null>(null);
  const go = (v: View) => {
    if (v.kind === 'show') setOpened(v.id);
    setView(v);
  };
  // The list keeps its page, sort, filters and search while a record is open, in this window only (memory, never
  // the browser's storage: a search may hold a patient's name); a list opened with other filters starts afresh.
  const [windowKey] = useState(() => ++windowsOpened);
  switch (view.kind) {
    case 'list': {
      const filterKey = JSON.stringify(view.filter ?? {});
      return (
        <ResourceList
          key={filterKey}
          entity={entity}
          perms={perms}
          go={go}
          fixed={fixed}
          initialFilter={view.filter}
          storeKey={`${entity.name}.list.${windowKey}.${filterKey}`}
          returnTo={opened}
        />
      );
    }
    case 'show':
      return (
        <ResourceShow
          key={`${view.id}-${view.addChild ? 'add' : ''}`}
          entity={entity}
          id={view.id}
          perms={perms}
          go={go}
          fixed={fixed}
          addChild={view.addChild}
          renderChild={(child, record, adding) => (
            <ChildRecords child={child} record={record} parent={entity} adding={adding} />
          )}
        />
      );
    case 'edit':
      return (
        <Suspense fallback={<Loading />}>
          <ResourceForm entity={entity} id={view.id} go={go} fixed={fixed} />
        </Suspense>
      );
    case 'create':
      return (
        <Suspense fallback={<Loading />}>
          {/* A new draft asked for while a form is open (another patient's New claim) starts a fresh form. */}
          <ResourceForm
            key={JSON.stringify(view.initial ?? null)}
            entity={entity}
            initial={view.initial}
            go={go}
            fixed={fixed}
          />
        </Suspense>
      );
    case 'history':
      return (
        <Suspense fallback={<Loading />}>
          <ResourceHistory entity={entity} id={view.id} perms={perms} go={go} />
        </Suspense>
      );
    case 'accesses':
      return (
        <Suspense fallback={<Loading />}>
          <RecordAccesses entity={entity} id={view.id} go={go} />
        </Suspense>
      );
    case 'lookup':
      return <UserLookup go={go} />;
  }
}

/**
 * One kind of child records: the child's own generated list, add, view and edit, narrowed to this
 * parent and filled with it (and with the parent's billing company, whoever is looking). Records
 * linked through a list of ids (a company's facilities) are shown, not added here: they are linked
 * from their own screen or the link calls.
 */
function ChildRecords({
  child,
  record,
  parent,
  adding,
}: {
  child: ChildTab;
  record: Record<string, unknown> & { id: number };
  parent: ClientEntity;
  adding?: boolean;
}) {
  const fixed: Record<string, unknown> = { [child.field]: record.id };
  if (child.entity.resource.tenancy === 'billing-company' && record.billing_company_id !== undefined)
    fixed.billing_company_id = record.billing_company_id;
  return (
    <Box
      sx={{ minHeight: 240, border: 1, borderColor: 'divider', borderRadius: 1 }}
      data-testid={`children-${child.entity.name}`}
    >
      <ResourceWindow
        key={`${child.entity.name}-${record.id}`}
        entity={child.entity}
        appName={`${parent.name}-${record.id}-${child.entity.name}`}
        fixed={fixed}
        linkedOnly={child.entity.schema.properties[child.field]?.type === 'array'}
        startCreating={adding}
      />
    </Box>
  );
}
