import { Download, Visibility } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { sizeLabel } from '../../../domain/files/file-kinds.ts';
import { usDateOf } from '../../../domain/formats.ts';
import { useT } from '../../i18n/i18n.ts';
import { showToast } from '../../notify/toast-store.ts';
import { api, type ApiError } from '../../session/api.ts';
import { useMe } from '../../shell/me-context.ts';
import { enqueueUpload } from '../../shell/upload-queue.ts';
import { FilePreview } from './FilePreview.tsx';
import { downloadStoredFile, previewKind, type StoredFile } from './stored-file.ts';

interface Kind {
  id: string;
  name: string;
  uploadable?: boolean;
}
type Sort = 'created_at:desc' | 'created_at:asc' | 'size:desc' | 'size:asc' | 'name:asc';
const SORTS: Sort[] = ['created_at:desc', 'created_at:asc', 'size:desc', 'size:asc', 'name:asc'];
const PER_PAGE = 10;
// Kinds a person puts in here; the others arrive through their modules (837s sent, acknowledgments, statements).
const UPLOAD_KIND = 'upload';

/**
 * The documents of the file store a person may read (route /about of document 1), in folders by kind:
 * searched by name, sorted by date or size, paged on the server, previewed inside the window and
 * downloaded. Uploads go through the shell's upload queue. The server checks tenant and permission
 * for every listing and every download; this screen only asks.
 */
export default function FileManager() {
  const t = useT();
  const { me } = useMe();
  const [kinds, setKinds] = useState<Kind[]>([]);
  const [kind, setKind] = useState('');
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>('created_at:desc');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ data: StoredFile[]; count: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<StoredFile | null>(null);
  const [reload, setReload] = useState(0);
  const companies = me.user.billing_companies;
  const [company, setCompany] = useState<number | ''>(companies.length === 1 ? companies[0].id : '');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    api<Kind[]>('/files/kinds').then(setKinds, () => setKinds([]));
  }, []);
  // The search is sent once typing pauses, and a new search starts at its first page.
  useEffect(() => {
    const h = setTimeout(() => {
      setQuery(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(h);
  }, [typed]);
  useEffect(() => {
    let live = true;
    const [sortBy, dir] = sort.split(':');
    api<{ data: StoredFile[]; count: number }>('/files', {
      query: { kind, query, page, itemsPerPage: PER_PAGE, sortBy, sortDesc: dir === 'desc' },
    }).then(
      (r) => {
        if (live) {
          setList(r);
          setError(null);
        }
      },
      (e: ApiError) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [kind, query, sort, page, reload]);

  const upload = (files: File[]) => {
    for (const file of files) {
      enqueueUpload(file.name, async () => {
        const form = new FormData();
        form.append('file', file);
        await api('/files', { method: 'POST', query: { kind: UPLOAD_KIND, billing_company_id: company }, body: form });
        setReload((n) => n + 1);
      });
    }
    if (files.length) showToast('success', t('upload.queued', { smart_count: files.length }));
  };

  if (open) return <FilePreview file={open} onBack={() => setOpen(null)} />;
  const kindName = (id: string) => kinds.find((k) => k.id === id)?.name ?? id;
  const from = list && list.count ? (page - 1) * PER_PAGE + 1 : 0;
  const to = list ? Math.min(page * PER_PAGE, list.count) : 0;
  return (
    <Box
      sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 1, height: '100%', minHeight: 0 }}
      data-testid="file-manager"
    >
      <TextField
        select
        size="small"
        label={t('files.folder')}
        value={kind}
        onChange={(e) => {
          setKind(e.target.value);
          setPage(1);
        }}
        data-testid="file-folder"
      >
        <MenuItem value="">{t('files.all')}</MenuItem>
        {kinds.map((k) => (
          <MenuItem key={k.id} value={k.id}>
            {k.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          label={t('list.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <TextField
          select
          size="small"
          label={t('files.sort')}
          value={sort}
          onChange={(e) => {
            setSort(e.target.value as Sort);
            setPage(1);
          }}
          sx={{ width: 130 }}
        >
          {SORTS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`files.sorts.${s.replace(':', '_')}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {/* Only those the server lets upload are offered it (patients, clients and professionals are not). */}
      {companies.length > 0 && kinds.some((k) => k.id === UPLOAD_KIND && k.uploadable) && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {companies.length > 1 && (
            <TextField
              select
              size="small"
              label={t('files.billing_company')}
              value={company}
              onChange={(e) => setCompany(Number(e.target.value))}
              sx={{ flex: 1, minWidth: 0 }}
            >
              {companies.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button size="small" variant="outlined" disabled={company === ''} onClick={() => input.current?.click()}>
            {t('files.upload')}
          </Button>
          <input
            ref={input}
            hidden
            type="file"
            multiple
            accept="application/pdf,image/png,image/jpeg,image/gif,image/webp,image/tiff"
            aria-label={t('files.upload')}
            data-testid="file-upload"
            onChange={(e) => {
              upload(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <List
        dense
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}
        data-testid="file-list"
        aria-label={t('files.documents')}
      >
        {list?.data.length === 0 && (
          <ListItem>
            <ListItemText primary={t('files.empty')} />
          </ListItem>
        )}
        {list?.data.map((f) => (
          <ListItem
            key={f.id}
            disablePadding
            data-testid={`file-${f.id}`}
            secondaryAction={
              <Tooltip title={t('files.download')}>
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`${t('files.download')} ${f.name}`}
                  onClick={() => void downloadStoredFile(f).catch((e: ApiError) => setError(e.message))}
                >
                  <Download fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            <ListItemButton
              onClick={() =>
                previewKind(f) ? setOpen(f) : void downloadStoredFile(f).catch((e: ApiError) => setError(e.message))
              }
              sx={{ pr: 6 }}
            >
              {previewKind(f) && (
                <Visibility fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} titleAccess={t('files.preview')} />
              )}
              <ListItemText
                primary={f.name}
                secondary={`${kindName(f.kind)} · ${usDateOf(new Date(f.created_at))} · ${sizeLabel(f.size)}`}
                slotProps={{ primary: { noWrap: true, title: f.name }, secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" sx={{ flex: 1 }} data-testid="file-range">
          {list ? t('files.range', { from, to, count: list.count }) : ''}
        </Typography>
        <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {t('files.previous')}
        </Button>
        <Button size="small" disabled={!list || to >= list.count} onClick={() => setPage((p) => p + 1)}>
          {t('files.next')}
        </Button>
      </Box>
    </Box>
  );
}
