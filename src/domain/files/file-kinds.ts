/**
 * The kinds of document the file store keeps: the largest each may be, what its bytes must look
 * like (checked by their first bytes, never by the name or the declared type), and who may read it.
 */
export type FileKind =
  | 'eob'
  | 'era'
  | 'x12-out'
  | 'ack'
  | 'received'
  | 'statement'
  | 'export'
  | 'upload'
  | 'photo'
  | 'logo'
  | 'code-set'
  | 'fee-schedule'
  | 'screenshot'
  | 'claim-file'
  | 'charge-file';

export type ContentCheck = 'raster-image' | 'pdf-or-image' | 'x12' | 'any';

/**
 * Who may read (or upload) a document of a kind; a Super User reads every one.
 * permissions: any one of these, in the document's billing company; maker: the person who made it,
 * whatever their permissions; everyone: anyone signed in to its billing company (the photos and logos
 * shown beside names); crossTenant: the platform's people (support, code sets); superUser: a Super User alone
 * (what changes every billing company's data, like a code-set release).
 */
export interface FileAccess {
  permissions?: string[];
  maker?: boolean;
  everyone?: boolean;
  crossTenant?: boolean;
  superUser?: boolean;
}

export interface FileKindRule {
  maxBytes: number;
  content: ContentCheck;
  read: FileAccess;
  /** who may put one in through the upload route; none: only the product writes it (837s, acknowledgments, exports) */
  upload?: FileAccess;
  label: string;
  label_es: string;
  /** its bytes hold patients' information: each read of them is audited (dev-server/files/file-routes.ts) */
  phi?: boolean;
}

const MB = 1024 * 1024;

/** The staff of a billing company who work its patients, claims or payments (not its patients, clients or professionals). */
const STAFF = ['patient.view', 'claim.view', 'payment.view'];

export const FILE_KINDS: Record<FileKind, FileKindRule> = {
  eob: {
    phi: true,
    maxBytes: 20 * MB,
    content: 'pdf-or-image',
    read: { permissions: ['payment.eob', 'denial.eob', 'ledger.eob'] },
    upload: { permissions: ['payment.eob'] },
    label: 'EOBs',
    label_es: 'EOB',
  },
  era: {
    phi: true,
    maxBytes: 100 * MB,
    content: 'x12',
    read: { permissions: ['payment.view'] },
    upload: { permissions: ['payment.create'] },
    label: 'ERA files',
    label_es: 'Archivos ERA',
  },
  'x12-out': {
    phi: true,
    maxBytes: 100 * MB,
    content: 'x12',
    read: { permissions: ['claimbatch.view'] },
    label: '837 files sent',
    label_es: 'Archivos 837 enviados',
  },
  ack: {
    phi: true,
    maxBytes: 100 * MB,
    content: 'x12',
    read: { permissions: ['claimbatch.view'] },
    label: 'Acknowledgments received',
    label_es: 'Acuses recibidos',
  },
  // What a clearing house sent that is not X12 at all: kept as it came, so nothing received is lost.
  received: {
    phi: true,
    maxBytes: 100 * MB,
    content: 'any',
    read: { permissions: ['claimbatch.view', 'clearinghousefile.view'] },
    label: 'Files received that could not be read',
    label_es: 'Archivos recibidos que no se pudieron leer',
  },
  statement: {
    phi: true,
    maxBytes: 20 * MB,
    content: 'pdf-or-image',
    read: { permissions: ['payment.generatepatientaccount', 'ledger.view'] },
    label: 'Statements',
    label_es: 'Estados de cuenta',
  },
  // A report or list exported whole holds whatever its maker could read (a patient list: PHI): theirs alone.
  export: {
    phi: true,
    maxBytes: 100 * MB,
    content: 'any',
    read: { maker: true },
    label: 'Exports',
    label_es: 'Exportaciones',
  },
  upload: {
    phi: true,
    maxBytes: 20 * MB,
    content: 'pdf-or-image',
    read: { maker: true, permissions: STAFF },
    upload: { permissions: STAFF },
    label: 'Uploads',
    label_es: 'Cargas',
  },
  photo: { maxBytes: 1 * MB, content: 'raster-image', read: { everyone: true }, label: 'Photos', label_es: 'Fotos' },
  logo: { maxBytes: 1 * MB, content: 'raster-image', read: { everyone: true }, label: 'Logos', label_es: 'Logotipos' },
  'code-set': {
    maxBytes: 200 * MB,
    content: 'any',
    read: { crossTenant: true },
    upload: { superUser: true },
    label: 'Code-set releases',
    label_es: 'Versiones de códigos',
  },
  // A payer contract's fee schedule as a spreadsheet (CSV or XLSX): read by those who read contracts.
  'fee-schedule': {
    maxBytes: 20 * MB,
    content: 'any',
    read: { permissions: ['contract.view'] },
    upload: { permissions: ['contract.import'] },
    label: 'Fee schedules',
    label_es: 'Tarifarios',
  },
  // A practice's own claims as its system wrote them (an 837P or 837I), brought in through the claim intake.
  'claim-file': {
    phi: true,
    maxBytes: 100 * MB,
    content: 'x12',
    read: { permissions: ['claim.create'] },
    upload: { permissions: ['claim.create'] },
    label: "Practices' claim files",
    label_es: 'Archivos de reclamos de las prácticas',
  },
  // A practice's charge export (one row a service line, CSV or XLSX), brought in through the same claim intake.
  'charge-file': {
    phi: true,
    maxBytes: 50 * MB,
    content: 'any',
    read: { permissions: ['claim.create'] },
    upload: { permissions: ['claim.create'] },
    label: "Practices' charge files",
    label_es: 'Archivos de cargos de las prácticas',
  },
  // A screenshot sent with a support request: its sender's, and the support staff's (the platform's people).
  screenshot: {
    maxBytes: 5 * MB,
    content: 'raster-image',
    read: { maker: true, crossTenant: true },
    label: 'Support screenshots',
    label_es: 'Capturas para soporte',
  },
};

export const isFileKind = (k: unknown): k is FileKind => typeof k === 'string' && Object.hasOwn(FILE_KINDS, k);

/** The type the first bytes show: what is served as Content-Type, whatever the uploader declared. */
export function sniffType(head: Uint8Array): string | null {
  const starts = (...b: number[]) => b.every((x, i) => head[i] === x);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 && head[10] === 0x42 && head[11] === 0x50)
    return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  // An X12 interchange opens with ISA (after any byte-order mark or blank lines some senders leave).
  const text = new TextDecoder('latin1').decode(head.subarray(0, 64)).replace(/^\uFEFF?\s*/, '');
  if (text.startsWith('ISA')) return 'application/edi-x12';
  if (starts(0x1f, 0x8b)) return 'application/gzip';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'application/zip';
  return null;
}

const RASTER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Whether bytes of this sniffed type may be stored as this kind; 'any' keeps unknown bytes as a download. */
export function contentAllowed(kind: FileKind, sniffed: string | null): boolean {
  switch (FILE_KINDS[kind].content) {
    case 'raster-image':
      return !!sniffed && RASTER.has(sniffed);
    case 'pdf-or-image':
      return !!sniffed && (RASTER.has(sniffed) || sniffed === 'application/pdf' || sniffed === 'image/tiff');
    case 'x12':
      return sniffed === 'application/edi-x12';
    case 'any':
      return true;
  }
}

/** 1048576 → "1 MB" */
export const sizeLabel = (bytes: number) =>
  bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
