import type { Request, Response } from 'express';
import { editedLetterText } from '../../src/domain/letters/letter-text.ts';
import { file, json } from '../http/answers.ts';
import { bodyObject, idParam, type GuardedRoute, type PhiRead } from '../http/guarded-routes.ts';
import type { Actor } from '../security/actor.ts';
import { letterPdf } from './letter-pdf.ts';

/** A letter a record writes (an appeal): its text filled from the record, and the name its PDF is saved under. */
export interface LetterSpec<C> {
  /** the route of the printed letter, e.g. /denial/{id}/appeal-letter */
  path: string;
  phi: PhiRead;
  permission: string;
  /** what the letter is, for the API's reader */
  summary: string;
  /** the file name's first word: appeal → appeal-CLM1001.pdf */
  fileName: string;
  compose(ctx: C, actor: Actor, id: number, locale: 'en' | 'es'): Promise<{ code: string; text: string }>;
}

const localeOf = (res: Response) => (res.locals.locale === 'es' ? 'es' : 'en');

/**
 * A letter's three calls, one way for every letter: the PDF as the template writes it; the same text to read and edit
 * first (a person adds what the template cannot know, takes out what does not apply); and the PDF of the edited text.
 * The edited text is printed as written, never filled again: a `{{...}}` a person typed stays as typed.
 */
export function letterRoutes<C>(spec: LetterSpec<C>): GuardedRoute<C>[] {
  const { path, phi, permission } = spec;
  const send = async (ctx: C, req: Request, actor: Actor, res: Response, edited?: string) => {
    const { code, text } = await spec.compose(ctx, actor, idParam(req), localeOf(res));
    res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="${spec.fileName}-${code}.pdf"`);
    res.send(Buffer.from(letterPdf(edited ?? text)));
  };
  return [
    {
      method: 'get',
      path,
      phi,
      answers: file(['application/pdf']),
      permission,
      raw: true,
      summary: `${spec.summary}, as a PDF`,
      handle: (ctx, req, actor, res) => send(ctx, req, actor, res),
    },
    {
      method: 'get',
      path: `${path}/text`,
      phi,
      answers: json({ text: 'string', file_name: 'string' }),
      permission,
      summary: `${spec.summary}, as text to edit before printing`,
      async handle(ctx, req, actor, res) {
        const { code, text } = await spec.compose(ctx, actor, idParam(req), localeOf(res));
        return { text, file_name: `${spec.fileName}-${code}.pdf` };
      },
    },
    {
      method: 'post',
      path,
      phi,
      answers: file(['application/pdf']),
      permission,
      raw: true,
      summary: `${spec.summary} as the person edited it ({text}), as a PDF`,
      async handle(ctx, req, actor, res) {
        // Checked before anything is read: a refused letter reads no record.
        const edited = editedLetterText(bodyObject(req));
        await send(ctx, req, actor, res, edited);
      },
    },
  ];
}
