import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useT } from '../i18n/i18n.ts';

export function ConfirmDialog({
  open,
  title,
  body,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-title" data-testid="confirm-dialog">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('list.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {t('list.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
