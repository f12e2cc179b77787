import { momentText } from '../../i18n/moments.ts';
import {
  Alert,
  Autocomplete,
  Badge,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n, useT } from '../../i18n/i18n.ts';
import { api, type ApiError } from '../../session/api.ts';
import { onOpenFilteredList, takeOpenedFilter, type ListFilter } from '../../shell/open-record.ts';
import { announceRead, onMessageNotice } from './messenger-events.ts';

interface Person {
  id: number;
  email: string;
  name: string;
}
interface Thread {
  id: number;
  subject: string;
  about_kind: string | null;
  about_id: number | null;
  unread: number;
  last_message: { body: string; user: string; email: string } | null;
  members: Person[];
}
interface Message {
  id: number;
  body: string;
  email: string | null;
  name: string;
  created_at: string;
  mine: boolean;
}
type About = { about_kind: string; about_id: number; subject?: string };

const APP = 'Messenger';
const who = (p: { name: string; email: string | null }) => p.name || p.email || '—';

/**
 * Messenger: conversations with the people of the billing company, perhaps about a claim, a patient
 * or a payment (opened from that record, it shows that record's conversations and starts one about it).
 * New messages arrive without reloading, through the server's event stream.
 */
export default function MessengerScreen() {
  const { t, locale } = useI18n();
  const [about, setAbout] = useState<About | null>(() => takeOpenedFilter(APP) as About | null);
  const [threads, setThreads] = useState<Thread[] | null>(null);
  const [current, setCurrent] = useState<number | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const currentRef = useRef(current);
  currentRef.current = current;

  const loadThreads = useCallback(
    () =>
      api<{ data: Thread[] }>('/messenger/threads', {
        query: about ? { about_kind: about.about_kind, about_id: about.about_id } : {},
      }).then(
        (r) => setThreads(r.data),
        (e: ApiError) => setError(e.message),
      ),
    [about],
  );
  const loadMessages = useCallback(async (id: number) => {
    setMessages(await api<Message[]>(`/messenger/threads/${id}/messages`));
    await api(`/messenger/threads/${id}/read`, { method: 'POST' });
    announceRead();
  }, []);

  useEffect(() => {
    void loadThreads();
  }, [loadThreads]);
  useEffect(() => {
    if (current) void loadMessages(current).catch((e: ApiError) => setError(e.message));
  }, [current, loadMessages]);
  // Opened again from another record while open: this window turns to that record's conversations.
  useEffect(
    () =>
      onOpenFilteredList(APP, (f: ListFilter) => {
        setAbout(f as About);
        setCurrent(null);
      }),
    [],
  );
  useEffect(
    () =>
      onMessageNotice((n) => {
        void loadThreads();
        if (n.thread_id === currentRef.current) void loadMessages(n.thread_id);
      }),
    [loadThreads, loadMessages],
  );

  const send = async () => {
    if (!current || !draft.trim()) return;
    try {
      await api(`/messenger/threads/${current}/messages`, { method: 'POST', body: { body: draft } });
      setDraft('');
      await loadMessages(current);
      void loadThreads();
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send();
    }
  };
  const open = threads?.find((x) => x.id === current);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(200px, 260px) 1fr', height: '100%', minHeight: 0 }}>
      <Box sx={{ borderRight: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Button size="small" variant="contained" onClick={() => setStarting(true)}>
            {t('messenger.new')}
          </Button>
          {about && (
            <Alert
              severity="info"
              onClose={() => {
                setAbout(null);
                setCurrent(null);
              }}
              sx={{ py: 0 }}
            >
              {t('messenger.about', { what: t(`messenger.kinds.${about.about_kind}`), id: about.about_id })}
            </Alert>
          )}
        </Box>
        <List
          dense
          sx={{ flex: 1, overflow: 'auto', py: 0 }}
          aria-label={t('messenger.conversations')}
          data-testid="threads"
        >
          {threads?.length === 0 && (
            <Typography sx={{ p: 1.5, color: 'text.secondary' }} variant="body2">
              {t('messenger.none')}
            </Typography>
          )}
          {threads?.map((th) => (
            <ListItemButton
              key={th.id}
              selected={th.id === current}
              onClick={() => setCurrent(th.id)}
              data-testid={`thread-${th.id}`}
            >
              <ListItemText
                primary={th.subject}
                secondary={
                  th.last_message ? `${th.last_message.user || th.last_message.email}: ${th.last_message.body}` : ''
                }
                slotProps={{
                  primary: { noWrap: true, fontWeight: th.unread ? 700 : 400 },
                  secondary: { noWrap: true },
                }}
              />
              {th.unread > 0 && (
                <Badge
                  badgeContent={th.unread}
                  color="error"
                  sx={{ ml: 1.5 }}
                  aria-label={t('shell.unread_messages', { smart_count: th.unread })}
                />
              )}
            </ListItemButton>
          ))}
        </List>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {!open ? (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('messenger.pick')}</Typography>
        ) : (
          <>
            <Box sx={{ p: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography sx={{ fontWeight: 600 }}>{open.subject}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {open.members.map(who).join(', ')}
                {open.about_kind ? ` · ${t(`messenger.kinds.${open.about_kind}`)} #${open.about_id}` : ''}
              </Typography>
            </Box>
            <Box
              sx={{ flex: 1, overflow: 'auto', p: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
              data-testid="messages"
              aria-live="polite"
            >
              {messages.map((m) => (
                <Box
                  key={m.id}
                  sx={{
                    alignSelf: m.mine ? 'flex-end' : 'flex-start',
                    maxWidth: '80%',
                    bgcolor: m.mine ? 'primary.main' : 'action.hover',
                    color: m.mine ? 'primary.contrastText' : 'text.primary',
                    borderRadius: 2,
                    px: 1.5,
                    py: 0.75,
                  }}
                >
                  <Typography variant="caption" sx={{ display: 'block', opacity: 0.85 }}>
                    {who(m)} · {momentText(m.created_at, locale)}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {m.body}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Box sx={{ p: 1, display: 'flex', gap: 1, borderTop: 1, borderColor: 'divider' }}>
              <TextField
                size="small"
                fullWidth
                multiline
                maxRows={4}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={keys}
                label={t('messenger.write')}
                helperText={t('messenger.hint')}
                slotProps={{ htmlInput: { maxLength: 5000 } }}
              />
              <Button
                variant="contained"
                onClick={() => void send()}
                disabled={!draft.trim()}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('messenger.send')}
              </Button>
            </Box>
          </>
        )}
      </Box>
      <NewConversation
        open={starting}
        about={about}
        onClose={() => setStarting(false)}
        onStarted={(id) => {
          setStarting(false);
          void loadThreads();
          setCurrent(id);
        }}
      />
    </Box>
  );
}

/** A new conversation: its subject, who is in it, and the first message (about the record it was opened from, if any). */
function NewConversation({
  open,
  about,
  onClose,
  onStarted,
}: {
  open: boolean;
  about: About | null;
  onClose(): void;
  onStarted(id: number): void;
}) {
  const t = useT();
  const [people, setPeople] = useState<Person[]>([]);
  const [members, setMembers] = useState<Person[]>([]);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // What went wrong that is no field's (the server unreachable, a refusal): said in the dialog, never swallowed.
  const [failure, setFailure] = useState<string | null>(null);
  const failed = (e: ApiError) => {
    setErrors(e.errors ?? {});
    setFailure(e.errors && Object.keys(e.errors).length > 0 ? null : e.message);
  };
  useEffect(() => {
    if (!open) return;
    setSubject(about?.subject ?? '');
    setBody('');
    setMembers([]);
    setErrors({});
    setFailure(null);
    api<Person[]>('/messenger/people').then(setPeople, failed);
  }, [open, about]);
  const start = async () => {
    try {
      const th = await api<{ id: number }>('/messenger/threads', {
        method: 'POST',
        body: {
          subject,
          body,
          member_ids: members.map((m) => m.id),
          ...(about ? { about_kind: about.about_kind, about_id: about.about_id } : {}),
        },
      });
      onStarted(th.id);
    } catch (e) {
      failed(e as ApiError);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-conversation">
      <DialogTitle id="new-conversation">{t('messenger.new')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Autocomplete
          multiple
          options={people}
          value={members}
          onChange={(_e, v) => setMembers(v)}
          getOptionLabel={(p) => (p.name ? `${p.name} (${p.email})` : p.email)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('messenger.to')}
              error={!!errors.member_ids}
              helperText={errors.member_ids?.[0] ?? ' '}
            />
          )}
        />
        <TextField
          size="small"
          label={t('messenger.subject')}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          error={!!errors.subject}
          helperText={errors.subject?.[0] ?? ' '}
          slotProps={{ htmlInput: { maxLength: 150 } }}
        />
        <TextField
          label={t('messenger.message')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={3}
          error={!!errors.body}
          helperText={errors.body?.[0] ?? t('messenger.hint')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('record.cancel')}</Button>
        <Button variant="contained" onClick={() => void start()}>
          {t('messenger.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
