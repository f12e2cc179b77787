import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { ApiError, api, apiBlob } from '../session/api.ts';
import { openDocument } from '../shell/open-document.ts';

/**
 * A letter (an appeal) read and edited before it is printed: the server writes it from the record and the billing
 * company's template; the person adds what no template knows (the call they just had, the record they enclose) and
 * prints it. What is printed is the text as edited; the template stays as it was.
 */
export function LetterDialog({ path, title, onClose }: { path: string; title: string; onClose: () => void }) {
  const { t } = useI18n();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<{ text: string }>(`${path}/text`)
      .then((l) => setText(l.text))
      .catch((e: unknown) => {
        notifyError(t, e);
        onClose();
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the letter is written once, when the dialog opens
  }, [path]);

  async function print() {
    setBusy(true);
    setProblem(null);
    try {
      const blob = await apiBlob(path, { method: 'POST', body: { text } });
      openDocument(blob);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setProblem(e.errors.text?.join(' ') ?? e.message);
      else notifyError(t, e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="letter-title">
      <DialogTitle id="letter-title">{title}</DialogTitle>
      <DialogContent>
        {text === null ? (
          <LinearProgress aria-label={t('letter.loading')} />
        ) : (
          <TextField
            label={t('letter.label')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={16}
            maxRows={28}
            fullWidth
            autoFocus
            error={!!problem}
            helperText={problem ?? t('letter.hint')}
            sx={{ mt: 1, '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('letter.cancel')}</Button>
        <Button variant="contained" disabled={text === null || busy} onClick={() => void print()}>
          {t('letter.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
