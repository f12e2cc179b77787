import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isRelativeDate, relativeDateOf, resolveRelativeDate } from '../../domain/relative-date.ts';
import { useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { showToast } from '../notify/toast-store.ts';
import { orderedFields, type ClientEntity } from '../schema/entities.ts';
import { filterKeys } from '../../platform/filter-keys.ts';
import { api } from '../session/api.ts';

type Filters = Record<string, unknown>;
interface SavedFilter {
  id: number;
  name: string;
  filters: Filters;
}

/** The filters set on a list, without the empty ones. */
const setFilters = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));

/**
 * A person's saved filters for a list ("My follow-ups today"): applied with one click, the current
 * ones saved under a name (its dates kept relative to the day it is opened, when asked), each deleted
 * from the menu. Kept on the server, so they follow the person to any computer.
 */
export function SavedFilters({
  entity,
  filterValues,
  apply,
}: {
  entity: ClientEntity;
  filterValues: Filters;
  apply(f: Filters): void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const key = ['saved-filters', entity.name];
  const { data: saved = [] } = useQuery({
    queryKey: key,
    staleTime: 60_000,
    queryFn: () => api<SavedFilter[]>('/saved-filters', { query: { entity: entity.name } }),
  });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [relative, setRelative] = useState(true);
  const current = setFilters(filterValues);
  // The date bounds of the list's date-range filters: the values a saved filter may keep relative.
  const dateKeys = new Set(
    orderedFields(entity, (_n, f) => f['x-list']?.filter === 'date-range').flatMap(([n]) =>
      filterKeys(n, 'date-range'),
    ),
  );
  const hasDates = Object.keys(current).some((k) => dateKeys.has(k));

  const choose = (f: SavedFilter) => {
    setAnchor(null);
    apply(
      Object.fromEntries(
        Object.entries(f.filters).map(([k, v]) => [k, isRelativeDate(v) ? resolveRelativeDate(v) : v]),
      ),
    );
    showToast('success', t('list.applied', { name: f.name }));
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const filters = Object.fromEntries(
      Object.entries(current).map(([k, v]) => [
        k,
        relative && dateKeys.has(k) && typeof v === 'string' ? (relativeDateOf(v) ?? v) : v,
      ]),
    );
    try {
      const kept = await api<SavedFilter>('/saved-filters', {
        method: 'POST',
        body: { entity: entity.name, name, filters },
      });
      setNaming(false);
      await queryClient.invalidateQueries({ queryKey: key });
      showToast('success', t('list.saved', { name: kept.name }));
    } catch (err) {
      notifyError(t, err);
    }
  };
  const remove = async (f: SavedFilter) => {
    try {
      await api(`/saved-filters/${f.id}`, { method: 'DELETE' });
      await queryClient.invalidateQueries({ queryKey: key });
      showToast('success', t('list.deleted_saved', { name: f.name }));
    } catch (err) {
      notifyError(t, err);
    }
  };

  return (
    <>
      <Button variant="outlined" aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        {t('list.saved_filters')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {!saved.length && (
          <MenuItem disabled>
            <ListItemText>{t('list.saved_none')}</ListItemText>
          </MenuItem>
        )}
        {saved.map((f) => (
          <MenuItem key={f.id} onClick={() => choose(f)} sx={{ gap: 1 }}>
            <ListItemText>{f.name}</ListItemText>
            <IconButton
              size="small"
              edge="end"
              aria-label={t('list.delete_saved', { name: f.name })}
              onClick={(e) => {
                e.stopPropagation();
                void remove(f);
              }}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          disabled={!Object.keys(current).length}
          onClick={() => {
            setAnchor(null);
            setName('');
            setNaming(true);
          }}
        >
          {t('list.save_current')}
        </MenuItem>
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)} aria-labelledby="save-filter-title">
        <form onSubmit={(e) => void save(e)}>
          <DialogTitle id="save-filter-title">{t('list.save_title')}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 1, minWidth: 360 }}>
            <TextField
              autoFocus
              size="small"
              margin="dense"
              label={t('list.save_name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            {hasDates && (
              <FormControlLabel
                control={<Checkbox checked={relative} onChange={(e) => setRelative(e.target.checked)} />}
                label={t('list.save_relative')}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>{t('list.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!name.trim()}>
              {t('list.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
