import { createDeflateRaw } from 'node:zlib';

/** One zip entry as it goes in the archive: its name, its deflated bytes, the size it unpacks to and the size it claims. */
interface Entry {
  name: string;
  data: Buffer;
  claimed: number;
}

/** A zip of deflated entries written by hand (no CRC: the bounds are checked before anything reads one). */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.claimed, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.claimed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Text deflated as it is made, a megabyte at a time: a sheet of hundreds of megabytes never held whole. */
async function deflated(head: string, chunk: string, times: number, tail: string) {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((r) => deflate.on('end', r));
  let size = 0;
  const write = (s: string) => {
    size += Buffer.byteLength(s);
    return new Promise<void>((r) => (deflate.write(s) ? r() : deflate.once('drain', () => r())));
  };
  await write(head);
  for (let i = 0; i < times; i++) await write(chunk);
  await write(tail);
  deflate.end();
  await done;
  return { data: Buffer.concat(out), size };
}

const small = async (name: string, text: string) => {
  const d = await deflated(text, '', 0, '');
  return { name, data: d.data, claimed: d.size };
};

/**
 * An XLSX workbook of a few megabytes whose one sheet unpacks to `unpackedMb` megabytes of rows (a zip bomb, as the
 * attack run sent: 2.3 MB standing for 526 MB). `lies`: its headers claim a sheet of one kilobyte.
 */
export async function xlsxBomb(unpackedMb: number, { lies = false } = {}): Promise<Buffer> {
  const row = '<row><c t="inlineStr"><is><t>99213</t></is></c><c><v>85</v></c></row>';
  const chunk = row.repeat(Math.ceil((1024 * 1024) / row.length));
  const sheet = await deflated(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row><c t="inlineStr"><is><t>CPT</t></is></c><c t="inlineStr"><is><t>Fee</t></is></c></row>',
    chunk,
    unpackedMb,
    '</sheetData></worksheet>',
  );
  return zip([
    await small(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    await small(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Exhibit B" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    { name: 'xl/worksheets/sheet1.xml', data: sheet.data, claimed: lies ? 1024 : sheet.size },
  ]);
}

/** A CSV fee schedule of `rows` lines under its header. */
export const csvOfRows = (rows: number) => Buffer.from(`CPT,Fee\n${'99213,85.00\n'.repeat(rows)}`);
