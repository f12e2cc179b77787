import { momentText } from '../../i18n/moments.ts';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { appLabel, useI18n } from '../../i18n/i18n.ts';
import { showToast } from '../../notify/toast-store.ts';
import { api, type ApiError } from '../../session/api.ts';
import { useShell } from '../../shell/shell-context.ts';

interface SupportRequest {
  id: number;
  subject: string;
  message: string;
  open_window: string | null;
  created_at: string;
}

/** The window a person was working in when they asked for help: the top-most other window still open. */
function windowInView(windows: Array<{ app: string; z: number; minimized: boolean }>, self: string): string | null {
  return windows.filter((w) => w.app !== self && !w.minimized).sort((a, b) => b.z - a.z)[0]?.app ?? null;
}

/** A picture of a window as it is on screen, taken in the browser (the drawing library loads only when asked). */
async function screenshotOf(app: string): Promise<Blob | null> {
  const el = document.querySelector<HTMLElement>(`[data-testid="window-${CSS.escape(app)}"]`);
  if (!el) return null;
  // The package's types describe its CommonJS export; the bundle hands it over as the default export.
  const mod = await import('html2canvas');
  const draw = ((mod as { default?: unknown }).default ?? mod) as (
    el: HTMLElement,
    o: object,
  ) => Promise<HTMLCanvasElement>;
  const canvas = await draw(el, { logging: false, backgroundColor: '#ffffff', scale: 1 });
  return new Promise((resolve) => canvas.toBlob((b: Blob | null) => resolve(b), 'image/png'));
}

/**
 * Technical Support: a person writes what went wrong; the request goes to the support desk by mail
 * (the outbox without a mail server) with the version, who sent it, the window open and, if they
 * wish, a screenshot of that window. Their earlier requests stay listed here.
 */
export default function TechnicalSupport({ appName }: { appName: string }) {
  const { t, locale } = useI18n();
  const { state } = useShell();
  const [writing, setWriting] = useState(false);
  const [listing, setListing] = useState(false);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [attach, setAttach] = useState(true);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sending, setSending] = useState(false);
  const [earlier, setEarlier] = useState<{ data: SupportRequest[]; count: number } | null>(null);
  // Fixed when the form opens: the window the person was looking at, not the form itself.
  const [about, setAbout] = useState<string | null>(null);

  const load = () =>
    api<{ data: SupportRequest[]; count: number }>('/support-requests', { query: { itemsPerPage: 50 } }).then(
      setEarlier,
      () => setEarlier({ data: [], count: 0 }),
    );
  useEffect(() => {
    void load();
  }, []);

  const open = () => {
    setAbout(windowInView(state.windows, appName));
    setErrors({});
    setWriting(true);
  };
  const send = async () => {
    setSending(true);
    try {
      const form = new FormData();
      form.append('subject', subject);
      form.append('message', message);
      if (about) form.append('open_window', about);
      const shot = attach && about ? await screenshotOf(about).catch(() => null) : null;
      if (shot) form.append('screenshot', shot, 'window.png');
      await api('/support-requests', { method: 'POST', body: form });
      showToast('success', t('support.sent'));
      setWriting(false);
      setSubject('');
      setMessage('');
      void load();
    } catch (e) {
      setErrors((e as ApiError).errors ?? {});
      showToast('error', (e as ApiError).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2">{t('support.intro')}</Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" variant="contained" onClick={open}>
          {t('support.new')}
        </Button>
        <Button size="small" variant="outlined" onClick={() => setListing(true)}>
          {t('support.mine', { smart_count: earlier?.count ?? 0 })}
        </Button>
      </Box>

      <Dialog
        open={writing}
        onClose={() => !sending && setWriting(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="support-title"
      >
        <DialogTitle id="support-title">{t('support.new')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={t('support.subject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 150 } }}
            error={!!errors.subject}
            helperText={errors.subject?.[0] ?? ' '}
            required
            size="small"
          />
          <TextField
            label={t('support.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={5}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
            error={!!errors.message}
            helperText={errors.message?.[0] ?? ' '}
            required
          />
          {about && (
            <FormControlLabel
              control={<Checkbox checked={attach} onChange={(e) => setAttach(e.target.checked)} />}
              label={t('support.attach', { window: appLabel(t, about) })}
            />
          )}
          {errors.file && <Alert severity="error">{errors.file[0]}</Alert>}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('support.what_goes')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setWriting(false)} disabled={sending}>
            {t('record.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void send()} disabled={sending}>
            {sending ? t('support.sending') : t('support.send')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={listing}
        onClose={() => setListing(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="support-list-title"
      >
        <DialogTitle id="support-list-title">{t('support.mine', { smart_count: earlier?.count ?? 0 })}</DialogTitle>
        <DialogContent>
          {earlier?.data.length === 0 && <Typography>{t('support.none')}</Typography>}
          <List dense data-testid="support-requests">
            {earlier?.data.map((r) => (
              <ListItem key={r.id} divider>
                <ListItemText
                  primary={`#${r.id} · ${r.subject}`}
                  secondary={`${momentText(r.created_at, locale)}${r.open_window ? ` · ${appLabel(t, r.open_window)}` : ''} — ${r.message}`}
                  slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap' } } }}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setListing(false)}>{t('record.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
