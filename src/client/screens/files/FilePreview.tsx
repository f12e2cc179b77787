import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { fetchFileBlob, type ApiError } from '../../session/api.ts';
import { contentPath, downloadStoredFile, previewKind, x12Lines, type StoredFile } from './stored-file.ts';

// An X12 file of ERA size reads fine on screen up to here; past it the window offers the download.
const X12_PREVIEW_BYTES = 512 * 1024;

/** One document shown inside the File Manager's window, with the way back to the list and a download. */
export function FilePreview({ file, onBack }: { file: StoredFile; onBack(): void }) {
  const t = useT();
  const kind = previewKind(file);
  const [url, setUrl] = useState<string>();
  const [text, setText] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    let objectUrl: string | undefined;
    fetchFileBlob(contentPath(file)).then(
      async (blob) => {
        if (!live) return;
        if (kind === 'x12') setText(x12Lines(await blob.slice(0, X12_PREVIEW_BYTES).text()));
        else {
          objectUrl = URL.createObjectURL(blob);
          setUrl(objectUrl);
        }
      },
      (e: ApiError) => live && setError(e.message),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file, kind]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="file-preview">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Button size="small" onClick={onBack}>
          {t('files.back')}
        </Button>
        <Typography variant="body2" noWrap sx={{ flex: 1, fontWeight: 600 }} title={file.name}>
          {file.name}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => void downloadStoredFile(file)}>
          {t('files.download')}
        </Button>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'action.hover' }}>
        {error && <Alert severity="error">{error}</Alert>}
        {!kind && <Typography sx={{ p: 2 }}>{t('files.no_preview')}</Typography>}
        {kind === 'pdf' && url && (
          <Box
            component="iframe"
            src={url}
            title={file.name}
            data-testid="preview-pdf"
            sx={{ border: 0, width: '100%', height: '100%' }}
          />
        )}
        {kind === 'image' && url && (
          <Box
            component="img"
            src={url}
            alt={file.name}
            data-testid="preview-image"
            sx={{ maxWidth: '100%', display: 'block', mx: 'auto' }}
          />
        )}
        {kind === 'x12' && text !== undefined && (
          <Box
            component="pre"
            data-testid="preview-x12"
            sx={{ m: 0, p: 1, fontSize: 12, fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {text}
            {file.size > X12_PREVIEW_BYTES ? `\n${t('files.truncated')}` : ''}
          </Box>
        )}
      </Box>
    </Box>
  );
}
