import { Close } from '@mui/icons-material';
import { Alert, Box, Button, IconButton, Paper, TextField, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { api, type ApiError } from '../session/api.ts';

type Color = 'yellow' | 'green' | 'blue' | 'pink' | 'purple';
interface Note {
  id: number;
  body: string;
  color: Color;
}

const PAPER: Record<Color, string> = {
  yellow: '#fff8c5',
  green: '#dcf5d3',
  blue: '#d9eaff',
  pink: '#ffdce8',
  purple: '#ebe0ff',
};
const SAVE_AFTER_MS = 600;

/**
 * A person's sticky notes, kept on the server: written as they type (saved a moment after the last key,
 * or at once when the note loses focus), one colour each. Nothing stays in this browser, so the next
 * person signed in on the same computer sees only their own notes.
 */
export default function StickyNotes() {
  const t = useT();
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Changes typed but not yet sent, by note: sent together after a pause, on blur and when the window closes.
  const pending = useRef(new Map<number, Partial<Note>>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const batch = [...pending.current];
    pending.current.clear();
    if (!batch.length) return;
    setSaving(true);
    try {
      await Promise.all(batch.map(([id, change]) => api(`/sticky-notes/${id}`, { method: 'PUT', body: change })));
      setError(null);
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setSaving(false);
    }
  }, []);

  useEffect(() => {
    // Earlier releases kept one note in this browser's storage, readable by whoever signed in next: it goes.
    localStorage.removeItem('sticky-notes');
    api<Note[]>('/sticky-notes').then(setNotes, (e: ApiError) => {
      setNotes([]);
      setError(e.message);
    });
    return () => {
      void flush();
    };
  }, [flush]);

  const change = (id: number, patch: Partial<Note>, now = false) => {
    setNotes((list) => list?.map((n) => (n.id === id ? { ...n, ...patch } : n)) ?? list);
    pending.current.set(id, { ...pending.current.get(id), ...patch });
    clearTimeout(timer.current);
    if (now) void flush();
    else timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
  };
  const add = async () => {
    try {
      const note = await api<Note>('/sticky-notes', { method: 'POST', body: {} });
      setNotes((list) => [...(list ?? []), note]);
      setError(null);
      // The new note is ready to be written in.
      requestAnimationFrame(() => document.getElementById(`sticky-note-${note.id}`)?.focus());
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  const remove = async (id: number) => {
    pending.current.delete(id);
    try {
      await api(`/sticky-notes/${id}`, { method: 'DELETE' });
      setNotes((list) => list?.filter((n) => n.id !== id) ?? list);
    } catch (e) {
      setError((e as ApiError).message);
    }
  };

  return (
    <Box
      sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 1, height: '100%', overflow: 'auto' }}
      data-testid="sticky-notes"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button size="small" variant="contained" onClick={() => void add()}>
          {t('notes.new')}
        </Button>
        <Typography role="status" variant="caption" sx={{ color: 'text.secondary' }} data-testid="notes-state">
          {notes && notes.length > 0 ? t(saving || pending.current.size ? 'notes.saving' : 'notes.saved') : ''}
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {notes?.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('notes.empty')}
        </Typography>
      )}
      {notes?.map((n, i) => (
        <Paper key={n.id} variant="outlined" sx={{ bgcolor: PAPER[n.color], p: 0.5 }} data-testid={`note-${n.id}`}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
            {(Object.keys(PAPER) as Color[]).map((c) => (
              <Tooltip key={c} title={t(`notes.colors.${c}`)}>
                <IconButton
                  size="small"
                  aria-label={t('notes.color', { color: t(`notes.colors.${c}`) })}
                  aria-pressed={n.color === c}
                  onClick={() => change(n.id, { color: c }, true)}
                >
                  <Box
                    component="span"
                    sx={{
                      width: 14,
                      height: 14,
                      borderRadius: '50%',
                      bgcolor: PAPER[c],
                      border: 2,
                      borderColor: n.color === c ? '#333' : '#999',
                    }}
                  />
                </IconButton>
              </Tooltip>
            ))}
            <Box sx={{ flex: 1 }} />
            <Tooltip title={t('notes.delete')}>
              <IconButton size="small" aria-label={t('notes.delete')} onClick={() => void remove(n.id)}>
                <Close fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
          <TextField
            multiline
            fullWidth
            minRows={4}
            value={n.body}
            placeholder={t('shell.notes_placeholder')}
            variant="standard"
            slotProps={{
              htmlInput: { id: `sticky-note-${n.id}`, 'aria-label': t('notes.note', { n: i + 1 }), maxLength: 5000 },
              input: { disableUnderline: true },
            }}
            onChange={(e) => change(n.id, { body: e.target.value })}
            onBlur={() => void flush()}
            sx={{ px: 0.5, '& textarea': { color: '#222' } }}
          />
        </Paper>
      ))}
    </Box>
  );
}
