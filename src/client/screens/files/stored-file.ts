import { fetchFileBlob } from '../../session/api.ts';

/** A document as GET /files lists it (dev-server/storage/file-store.ts). */
export interface StoredFile {
  id: number;
  kind: string;
  name: string;
  content_type: string;
  size: number;
  created_at: string;
  billing_company_id: number | null;
}

export const contentPath = (f: { id: number }) => `api/v1/files/${f.id}/content`;

/** How a document can be shown inside the window: PDFs in the browser's viewer, images as such, X12 as its segments. */
export function previewKind(f: StoredFile): 'pdf' | 'image' | 'x12' | null {
  if (f.content_type === 'application/pdf') return 'pdf';
  if (/^image\/(png|jpeg|gif|webp)$/.test(f.content_type)) return 'image';
  if (f.content_type === 'application/edi-x12') return 'x12';
  return null;
}

/** Saves a stored document to the computer under its own name (the bytes need the bearer token, so they come through fetch). */
export async function downloadStoredFile(f: StoredFile): Promise<void> {
  const url = URL.createObjectURL(await fetchFileBlob(contentPath(f)));
  const a = Object.assign(document.createElement('a'), { href: url, download: f.name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An X12 interchange one segment a line, as billing staff read it; its separator is the ISA's 106th character. */
export function x12Lines(text: string): string {
  const body = text.replace(/^\uFEFF?\s*/, '');
  const terminator = body.length > 105 && body.startsWith('ISA') ? body[105] : '~';
  return (
    body
      .split(terminator)
      .map((s) => s.replace(/^[\r\n]+/, ''))
      .filter(Boolean)
      .join(`${terminator}\n`) + terminator
  );
}
