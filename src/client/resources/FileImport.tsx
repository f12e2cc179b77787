import { Button } from '@mui/material';
import { useRef } from 'react';
import type { ClientEntity } from '../schema/entities.ts';
import { useI18n } from '../i18n/i18n.ts';
import { showToast } from '../notify/toast-store.ts';
import { api } from '../session/api.ts';
import { enqueueUpload } from '../shell/upload-queue.ts';
import { fileImportNote, type FileImportAnswer } from './file-import-answer.ts';

type FileImportDef = NonNullable<ClientEntity['resource']['fileImports']>[number];

/**
 * A list's "bring files in" button (x-resource.fileImports): each chosen file goes through the
 * shell's upload queue into the file store as its kind, then the follow-up call takes that file in, in the same
 * request (an ERA registered for posting), and the person is told what it became. The list is read again when each
 * one is in.
 */
export function FileImport({ def, onDone }: { def: FileImportDef; onDone(): void }) {
  const { t, locale } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const label = (locale === 'es' && def.label_es) || def.label;
  const take = (files: File[]) => {
    for (const file of files) {
      enqueueUpload(file.name, async () => {
        const form = new FormData();
        form.append('file', file);
        const stored = await api<{ id: number }>('/files', { method: 'POST', query: { kind: def.kind }, body: form });
        const answer = await api<FileImportAnswer>(def.then, { method: 'POST', body: { file_id: stored.id } });
        const note = fileImportNote(t, answer);
        showToast('success', file.name, [note]);
        onDone();
        return note;
      });
    }
    if (files.length) showToast('success', t('upload.queued', { smart_count: files.length }));
  };
  return (
    <Button variant="outlined" onClick={() => input.current?.click()}>
      {label}
      <input
        ref={input}
        hidden
        type="file"
        multiple
        accept={def.accept}
        aria-label={label}
        data-testid={`file-import-${def.kind}`}
        onChange={(e) => {
          take(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
    </Button>
  );
}
