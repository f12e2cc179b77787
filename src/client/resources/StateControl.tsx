import { momentText } from '../i18n/moments.ts';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
  useTheme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StateMachine } from '../../platform/state-machine.ts';
import { findTransition, stateById, stateName } from '../../platform/state-machine.ts';
import { useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { api } from '../session/api.ts';
import type { ClientEntity } from '../schema/entities.ts';

/** A state as a coloured chip, in the theme's light or dark colours. */
export function StateChip({ machine, id }: { machine: StateMachine; id: number }) {
  const { locale } = useI18n();
  const dark = useTheme().palette.mode === 'dark';
  const s = stateById(machine, id);
  const c = s ? (dark ? s.colors.dark : s.colors.light) : undefined;
  return (
    <Chip
      size="small"
      label={stateName(machine, id, locale)}
      sx={c ? { bgcolor: c.background, color: c.text, fontWeight: 600 } : undefined}
      data-testid="state-chip"
    />
  );
}

interface HistoryRow {
  id: number;
  from_name: string | null;
  to_name: string;
  note: string | null;
  created_at: string;
  sub_status_id: number | null;
  user: { name: string; email: string } | null;
}
interface SubStatus {
  id: number;
  name: string;
}

/**
 * The record's state and the moves it may make next: only the transitions the server offers this
 * person (GET next-states), each asking for a note where the table requires one. The history of
 * states sits under it.
 */
export function StateControl({
  entity,
  record,
}: {
  entity: ClientEntity;
  record: Record<string, unknown> & { id: number };
}) {
  const { t, locale } = useI18n();
  const machine = entity.schema['x-states']!;
  const base = `/${entity.resource.basePath}/${record.id}`;
  const current = Number(record[machine.field]);
  const queryClient = useQueryClient();
  const next = useQuery({
    queryKey: [entity.name, 'next-states', record.id, current],
    queryFn: () => api<{ current: number; next: number[] }>(`${base}/next-states`),
  });
  const history = useQuery({
    queryKey: [entity.name, 'state-history', record.id, current],
    queryFn: () => api<HistoryRow[]>(`${base}/state-history`),
  });
  const [target, setTarget] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [sub, setSub] = useState<number | ''>('');
  // Sub-statuses (a claim's "Medical records requested"): offered for the target state, named in the history.
  const source = machine.subStatusSource;
  const subNames = useQuery({
    queryKey: [entity.name, 'sub-statuses'],
    queryFn: () => api<SubStatus[]>(source!),
    enabled: !!source,
  });
  const subChoices = useQuery({
    queryKey: [entity.name, 'sub-statuses', target],
    queryFn: () => api<SubStatus[]>(source!, { query: { status_id: target } }),
    enabled: !!source && target !== null,
  });
  const subName = (id: number | null) => (id ? subNames.data?.find((x) => x.id === id)?.name : undefined);
  const [busy, setBusy] = useState(false);
  const needsNote = target !== null && !!findTransition(machine, current, target)?.noteRequired;

  async function move() {
    if (target === null) return;
    setBusy(true);
    try {
      await api(`${base}/transition`, {
        method: 'PATCH',
        body: {
          to: target,
          note: note.trim() || undefined,
          version: record.version,
          ...(sub !== '' ? { sub_status_id: sub } : {}),
        },
      });
      setTarget(null);
      setNote('');
      setSub('');
      await queryClient.invalidateQueries({ queryKey: [entity.name] });
    } catch (e) {
      notifyError(t, e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ mb: 2 }} data-testid="state-control">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ color: 'text.secondary' }}>
          {t('states.current')}
        </Typography>
        <StateChip machine={machine} id={current} />
        {(next.data?.next ?? []).map((id) => (
          <Button key={id} size="small" variant="outlined" onClick={() => setTarget(id)} data-testid={`move-to-${id}`}>
            {t('states.move_to', { state: stateName(machine, id, locale) })}
          </Button>
        ))}
      </Box>
      {!!history.data?.length && (
        <Box
          component="ol"
          sx={{ m: 0, mt: 1, pl: 3, color: 'text.secondary', fontSize: 13 }}
          aria-label={t('states.history')}
        >
          {history.data.map((h) => (
            <li key={h.id}>
              {momentText(h.created_at, locale)} · {h.from_name ? `${h.from_name} → ` : ''}
              {h.to_name}
              {subName(h.sub_status_id) ? ` (${subName(h.sub_status_id)})` : ''} ·{' '}
              {h.user?.name || h.user?.email || t('states.system')}
              {h.note ? ` · ${h.note}` : ''}
            </li>
          ))}
        </Box>
      )}
      <Dialog open={target !== null} onClose={() => setTarget(null)} aria-labelledby="state-move-title">
        <DialogTitle id="state-move-title">
          {target !== null && t('states.move_to', { state: stateName(machine, target, locale) })}
        </DialogTitle>
        <DialogContent>
          {!!subChoices.data?.length && (
            <TextField
              select
              fullWidth
              margin="dense"
              label={t('states.sub_status')}
              value={sub}
              onChange={(e) => setSub(e.target.value === '' ? '' : Number(e.target.value))}
            >
              <MenuItem value="">
                <em>{t('widgets.choose')}</em>
              </MenuItem>
              {subChoices.data.map((x) => (
                <MenuItem key={x.id} value={x.id}>
                  {x.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={needsNote ? t('states.note_required') : t('states.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            required={needsNote}
            inputProps={{ maxLength: 1000 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTarget(null)}>{t('record.cancel')}</Button>
          <Button variant="contained" disabled={busy || (needsNote && !note.trim())} onClick={() => void move()}>
            {t('states.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
