import { invalid, problem } from '../errors/domain-error.ts';

/** The longest letter a person may print: ten pages of a full letter, far past any appeal. */
export const LETTER_MAX_CHARACTERS = 20_000;

/**
 * The letter a person edited before printing, as it will be printed: its own words, trailing spaces and blank lines
 * at the end dropped. Refused when there is nothing to print or more than a letter holds.
 */
export function editedLetterText(body: Record<string, unknown>): string {
  const text = typeof body.text === 'string' ? body.text.replace(/\r\n?/g, '\n').replace(/\s+$/, '') : '';
  if (!text.trim()) throw invalid({ text: [problem('letter_text_required')] });
  if (text.length > LETTER_MAX_CHARACTERS)
    throw invalid({ text: [problem('letter_text_too_long', { max: LETTER_MAX_CHARACTERS.toLocaleString('en-US') })] });
  return text;
}
