import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { api } from '../session/api.ts';
import { watchIdle } from '../session/idle-watch.ts';
import { logout } from '../session/logout.ts';
import { saveSession } from '../session/session-store.ts';

/** The session-expired modal: the worker warns before the idle limit; renew, log out, or be logged out at zero. */
export function IdleModal() {
  const t = useT();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => watchIdle((msLeft) => setDeadline(Date.now() + msLeft)), []);
  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= deadline) {
        clearInterval(tick);
        void logout();
      }
    }, 250);
    return () => clearInterval(tick);
  }, [deadline]);
  if (deadline === null) return null;
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  const renew = async () => {
    setDeadline(null);
    try {
      const body = await api<{ access_token: string; expires_in: number }>('/auth/refresh-token');
      saveSession(body.access_token, body.expires_in);
    } catch {
      void logout(false);
    }
  };
  return (
    <Dialog open aria-labelledby="idle-title" data-testid="idle-modal">
      <DialogTitle id="idle-title">{t('idle.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('idle.body', { seconds })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void logout()}>{t('idle.logout')}</Button>
        <Button variant="contained" onClick={renew} autoFocus>
          {t('idle.renew')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
