import {
  Box,
  Button,
  Checkbox,
  IconButton,
  InputAdornment,
  LinearProgress,
  Menu,
  MenuItem,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useListController } from 'react-admin';
import Refresh from '@mui/icons-material/Refresh';
import DensityMedium from '@mui/icons-material/DensityMedium';
import DensitySmall from '@mui/icons-material/DensitySmall';
import SearchIcon from '@mui/icons-material/Search';
import { changeStatus } from '../data/data-provider.ts';
import { schemaLabel, useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { showToast } from '../notify/toast-store.ts';
import { orderedFields, statusOf, type ClientEntity } from '../schema/entities.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { CellValue, displayValue } from './cells.tsx';
import { SavedFilters } from './SavedFilters.tsx';
import { api } from '../session/api.ts';
import { ListFilters } from './ListFilters.tsx';
import type { Permissions, View } from './ResourceWindow.tsx';
import { CodeSetImport } from './CodeSetImport.tsx';
import { FileImport } from './FileImport.tsx';
import { can } from '../shell/me.ts';
import { actionSlug } from '../../platform/route-plan.ts';
import type { BulkAct } from '../../platform/entity.ts';
import { useMe } from '../shell/me-context.ts';
import { SEARCH_PAUSE_MS } from '../app/search-pause.ts';

type Row = Record<string, unknown> & { id: number };

// A compact row is one line: a long value ends in an ellipsis, its whole text in the cell's title.
const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 280 } as const;

/** Keys that move between a list's rows (those that can take the focus): the row to focus, or null at the edge. */
const rowKeys: Record<string, (row: HTMLElement) => HTMLElement | null> = {
  ArrowDown: (row) => rowsBeside(row)[rowsBeside(row).indexOf(row) + 1] ?? null,
  ArrowUp: (row) => rowsBeside(row)[rowsBeside(row).indexOf(row) - 1] ?? null,
  Home: (row) => rowsBeside(row)[0] ?? null,
  End: (row) => rowsBeside(row).at(-1) ?? null,
};
const rowsBeside = (row: HTMLElement) =>
  Array.from(row.parentElement?.querySelectorAll<HTMLElement>(':scope > tr[tabindex]') ?? []);

// The bulk change's form (RJSF) loads when first opened.
const BulkChange = lazy(() => import('./BulkChange.tsx'));

/** The generated list: server paging, sorting, search, the schema's filters, status toggle, export. */
export function ResourceList({
  entity,
  perms,
  go,
  fixed,
  initialFilter,
  storeKey,
  returnTo,
}: {
  entity: ClientEntity;
  perms: Permissions;
  go(v: View): void;
  fixed?: Record<string, unknown>;
  /** the filters the list opens with (a payer's guidelines, asked from a claim); the person may change them */
  initialFilter?: Record<string, unknown>;
  /** where the list keeps its page, sort, filters and search between visits (the app's memory store) */
  storeKey?: string;
  /** the record just left: its row takes the focus when the list is back, so arrows and Enter go on from there */
  returnTo?: number | null;
}) {
  const { t, locale } = useI18n();
  // A child list (a patient's policies) is always narrowed to its parent: a permanent filter.
  const list = useListController<Row>({
    resource: entity.name,
    perPage: 10,
    sort: entity.resource.defaultSort ?? { field: 'id', order: 'ASC' },
    disableSyncWithLocation: true,
    storeKey: storeKey ?? false,
    filter: fixed,
    filterDefaultValues: initialFilter,
  });
  const { me, reload } = useMe();
  // One line a row unless the person asked for comfortable rows (their setting, kept on the server).
  const compact = me.profile.list_density !== 'comfortable';
  const setDensity = async () => {
    try {
      await api('/user/profile', { method: 'PUT', body: { list_density: compact ? 'comfortable' : 'compact' } });
      await reload();
    } catch (e) {
      notifyError(t, e);
    }
  };
  const columns = orderedFields(entity, (n, f) => !!f['x-list']?.column && !(fixed && n in fixed));
  const meta = list.meta as { sums?: Record<string, number>; countCapped?: boolean } | undefined;
  const sums = meta?.sums;
  const status = statusOf(entity);
  const [search, setSearch] = useState(() => String(list.filterValues.q ?? ''));
  const rowsRef = useRef<HTMLTableSectionElement>(null);
  const refocused = useRef(false);
  useEffect(() => {
    if (refocused.current || !returnTo || !list.data) return;
    const row = rowsRef.current?.querySelector<HTMLElement>(`[data-testid="row-${returnTo}"]`);
    refocused.current = true;
    row?.focus();
  }, [list.data, returnTo]);
  const [confirm, setConfirm] = useState<Row | null>(null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  // Rows chosen for a bulk change (the denial worklist's assign, sub-status, follow-up), on the page shown.
  const bulks = (entity.resource.bulk ?? []).filter((b) => can(me, actionSlug(entity.resource, b.action)));
  const bulk = bulks.length > 0;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkOpen, setBulkOpen] = useState<BulkAct | null>(null);
  const pageIds = (list.data ?? []).map((r) => r.id);
  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const filterKey = JSON.stringify(list.filterValues);
  useEffect(() => setSelected(new Set()), [list.page, list.perPage, filterKey]);
  const filtersRef = useRef(list.filterValues);
  filtersRef.current = list.filterValues;

  useEffect(() => {
    const timer = setTimeout(() => {
      const q = search.trim();
      if ((filtersRef.current.q ?? '') !== q) list.setFilters({ ...filtersRef.current, q: q || undefined }, {});
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const toggleStatus = async (row: Row) => {
    setConfirm(null);
    try {
      // The row changes only once the server has agreed: the list is read again from the server.
      await changeStatus(entity.name, row.id, !row[status!.field]);
      await list.refetch();
      showToast('success', t('toast.status_changed'));
    } catch (e) {
      notifyError(t, e);
    }
  };

  const doExport = async (format: 'csv' | 'xlsx' | 'pdf') => {
    setExportAnchor(null);
    try {
      const { exportList } = await import('../export/export-list.ts');
      await exportList(entity, { filter: { ...list.filterValues, ...fixed }, sort: list.sort }, { format, locale, t });
    } catch (e) {
      notifyError(t, e);
    }
  };

  const title = (locale === 'es' ? entity.resource.label_es : undefined) ?? entity.schema.title;
  // Across every billing company the server finds names from their start, last name first (x-resource.nameKey).
  const byName = me.is_super_user && !!entity.resource.nameKey && !list.filterValues.billing_company_id;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" sx={{ fontSize: 18, fontWeight: 600, mr: 1 }}>
          {title}
        </Typography>
        <TextField
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t(byName ? 'list.search_by_name' : 'list.search')}
          sx={{ width: byName ? 280 : 240 }}
          slotProps={{
            htmlInput: { 'aria-label': t('list.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <ListFilters entity={entity} filterValues={list.filterValues} setFilters={(f) => list.setFilters(f, {})} />
        {/* A list narrowed to its parent record (a patient's policies) keeps no saved filters: one request fewer per tab. */}
        {!fixed && (
          <SavedFilters
            entity={entity}
            filterValues={list.filterValues}
            apply={(f) => {
              setSearch(typeof f.q === 'string' ? f.q : '');
              list.setFilters(f, {});
            }}
          />
        )}
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t(compact ? 'list.density_comfortable' : 'list.density_compact')}>
          <IconButton
            aria-label={t(compact ? 'list.density_comfortable' : 'list.density_compact')}
            aria-pressed={!compact}
            onClick={() => void setDensity()}
          >
            {compact ? <DensityMedium /> : <DensitySmall />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('list.refresh')}>
          <IconButton aria-label={t('list.refresh')} onClick={() => void list.refetch()}>
            <Refresh />
          </IconButton>
        </Tooltip>
        <Button variant="outlined" onClick={(e) => setExportAnchor(e.currentTarget)} aria-haspopup="menu">
          {t('list.export')}
        </Button>
        <Menu anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
          <MenuItem onClick={() => void doExport('csv')}>{t('list.export_csv')}</MenuItem>
          <MenuItem onClick={() => void doExport('xlsx')}>{t('list.export_xlsx')}</MenuItem>
          <MenuItem onClick={() => void doExport('pdf')}>{t('list.export_pdf')}</MenuItem>
        </Menu>
        {bulks.map((b) => (
          <Button key={b.path} variant="outlined" disabled={!selected.size} onClick={() => setBulkOpen(b)}>
            {(locale === 'es' && b.label_es) || b.label} ({selected.size})
          </Button>
        ))}
        {perms.create && me.is_super_user && !!entity.resource.codeSetImports?.length && (
          <CodeSetImport entity={entity} onDone={() => void list.refetch()} />
        )}
        {(entity.resource.fileImports ?? [])
          .filter((f) => can(me, actionSlug(entity.resource, f.action)))
          .map((f) => (
            <FileImport key={f.kind} def={f} onDone={() => void list.refetch()} />
          ))}
        {perms.create && (
          <Button
            variant="contained"
            onClick={() => go(entity.name === 'user' ? { kind: 'lookup' } : { kind: 'create' })}
          >
            {t('list.create')}
          </Button>
        )}
      </Box>
      {list.isFetching ? <LinearProgress aria-label={t('widgets.loading')} /> : <Box sx={{ height: 4 }} />}
      <TableContainer sx={{ flex: 1 }}>
        <Table size="small" stickyHeader aria-label={title}>
          <TableHead>
            <TableRow>
              {bulk && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={!!pageIds.length && pageIds.every((id) => selected.has(id))}
                    indeterminate={pageIds.some((id) => selected.has(id)) && !pageIds.every((id) => selected.has(id))}
                    onChange={(e) => setSelected(e.target.checked ? new Set(pageIds) : new Set())}
                    slotProps={{ input: { 'aria-label': t('bulk.select_all') } }}
                  />
                </TableCell>
              )}
              {columns.map(([name, f]) => (
                <TableCell
                  key={name}
                  sortDirection={list.sort.field === name ? (list.sort.order === 'ASC' ? 'asc' : 'desc') : false}
                >
                  {f['x-list']?.sortable || name === 'id' ? (
                    <TableSortLabel
                      active={list.sort.field === name}
                      direction={list.sort.field === name && list.sort.order === 'DESC' ? 'desc' : 'asc'}
                      onClick={() =>
                        list.setSort({
                          field: name,
                          order: list.sort.field === name && list.sort.order === 'ASC' ? 'DESC' : 'ASC',
                        })
                      }
                    >
                      {schemaLabel(f, locale, name)}
                    </TableSortLabel>
                  ) : (
                    schemaLabel(f, locale, name)
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody data-testid="list-rows" ref={rowsRef}>
            {list.data?.map((row) => (
              <TableRow
                key={row.id}
                hover
                tabIndex={0}
                sx={{ cursor: perms.show ? 'pointer' : 'default' }}
                data-testid={`row-${row.id}`}
                aria-selected={bulk ? selected.has(row.id) : undefined}
                onClick={() => perms.show && go({ kind: 'show', id: row.id })}
                onKeyDown={(e) => {
                  if (e.target !== e.currentTarget) return;
                  const next = rowKeys[e.key]?.(e.currentTarget);
                  if (next !== undefined) {
                    e.preventDefault();
                    if (next) next.focus();
                  } else if (e.key === 'Enter' && perms.show) go({ kind: 'show', id: row.id });
                  else if (e.key === ' ' && bulk) {
                    e.preventDefault();
                    toggle(row.id);
                  }
                }}
              >
                {bulk && (
                  <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      size="small"
                      checked={selected.has(row.id)}
                      onChange={() => toggle(row.id)}
                      slotProps={{
                        input: {
                          'aria-label': t('bulk.select', { name: String(row.display_name ?? row.code ?? row.id) }),
                        },
                      }}
                    />
                  </TableCell>
                )}
                {columns.map(([name, f]) => (
                  <TableCell
                    key={name}
                    sx={compact ? ONE_LINE : undefined}
                    title={compact && typeof row[name] === 'string' ? displayValue(f, row[name], t, locale) : undefined}
                  >
                    {status && name === status.field ? (
                      <Switch
                        checked={!!row[name]}
                        disabled={!perms.disable}
                        size="small"
                        onClick={(e) => e.stopPropagation()}
                        onChange={() => setConfirm(row)}
                        slotProps={{ input: { 'aria-label': `${t('list.status')} ${row.display_name ?? row.id}` } }}
                      />
                    ) : (
                      <CellValue
                        field={f}
                        value={row[name]}
                        t={t}
                        locale={locale}
                        name={f['x-ui']?.nameFrom ? row[f['x-ui'].nameFrom] : undefined}
                      />
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {list.data?.length === 0 && !list.isPending && (
              <TableRow>
                <TableCell colSpan={columns.length + (bulk ? 1 : 0)}>{t('list.no_results')}</TableCell>
              </TableRow>
            )}
            {sums && !!list.data?.length && (
              <TableRow data-testid="list-sums" sx={{ '& td': { fontWeight: 600 } }}>
                {bulk && <TableCell />}
                {columns.map(([name, f], i) => (
                  <TableCell key={name}>
                    {name in sums ? (
                      <CellValue field={f} value={sums[name]} t={t} locale={locale} />
                    ) : i === 0 ? (
                      t('list.total_all')
                    ) : (
                      ''
                    )}
                  </TableCell>
                ))}
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={list.total ?? 0}
        page={Math.max(0, list.page - 1)}
        rowsPerPage={list.perPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_e, p) => list.setPage(p + 1)}
        onRowsPerPageChange={(e) => list.setPerPage(Number(e.target.value))}
        labelRowsPerPage={t('list.rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          t('list.displayed_rows', {
            from,
            to,
            count: `${count.toLocaleString(locale === 'es' ? 'es-US' : 'en-US')}${meta?.countCapped ? '+' : ''}`,
          })
        }
      />
      {bulkOpen && (
        <Suspense fallback={null}>
          <BulkChange
            entity={entity}
            bulk={bulkOpen}
            rows={(list.data ?? []).filter((r) => selected.has(r.id))}
            onClose={(changed) => {
              setBulkOpen(null);
              if (changed) {
                setSelected(new Set());
                void list.refetch();
              }
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!confirm}
        title={t('list.confirm_status_title')}
        body={confirm && status ? t(confirm[status.field] ? 'list.confirm_disable' : 'list.confirm_enable') : ''}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void toggleStatus(confirm)}
      />
    </Box>
  );
}
