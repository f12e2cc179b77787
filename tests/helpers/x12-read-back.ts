import x12 from 'node-x12';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';

/** A file's first transaction set as our reader reads it, with the document and each segment as its text. */
export function ourFirstTransaction(text: string) {
  const doc = readInterchanges(text);
  const t = doc.interchanges[0].groups[0].transactions[0];
  return { doc, t, separators: doc.separators!, lines: t.segments.map((s) => s.elements.join('*')) };
}

/** A file's first transaction set as node-x12 reads it: an X12 library we did not write. */
export function theirFirstTransaction(text: string) {
  const parsed = new x12.X12Parser(true).parse(text) as x12.X12Interchange;
  return parsed.functionalGroups[0].transactions[0];
}
