import type { RequestHandler } from 'express';
import { DomainError, fieldError } from '../../src/domain/errors/domain-error.ts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** No form or import nests deeper than this (a claim with its lines and their codes is 5 levels). */
export const MAX_BODY_DEPTH = 32;

type BodyProblemCode = 'key_not_allowed' | 'nul_character' | 'nesting_too_deep';

/**
 * The first problem in a parsed body, by path: a key that could reach an object's prototype, text with a NUL, or
 * nesting deeper than any real form (walked with a stack of its own, so a body 5,000 levels deep is refused, not a
 * stack overflow).
 */
function bodyProblem(body: unknown): { path: string; code: BodyProblemCode } | null {
  const pending: { v: unknown; path: string[] }[] = [{ v: body, path: [] }];
  while (pending.length) {
    const { v, path } = pending.pop()!;
    const at = path.join('.') || '_';
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { path: at, code: 'nul_character' };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (path.length >= MAX_BODY_DEPTH) return { path: at, code: 'nesting_too_deep' };
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) return { path: [...path, key].join('.'), code: 'key_not_allowed' };
      if (key.includes('\u0000')) return { path: at, code: 'nul_character' };
      pending.push({ v: (v as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return null;
}

/**
 * What no route should have to think about, checked once for every request: a body must be JSON or
 * multipart (another type is 415, not "first name is required"); no text anywhere (address, query,
 * body) may hold a NUL, which PostgreSQL cannot store; no body key may name a prototype.
 */
export const requestGuards: RequestHandler = (req, _res, next) => {
  let url: string;
  try {
    url = decodeURIComponent(req.originalUrl);
  } catch {
    return next(new DomainError('bad_request_url'));
  }
  if (url.includes('\u0000')) return next(new DomainError('invalid', {}, { _: [{ code: 'nul_character' }] }));
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (
    hasBody &&
    ['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) &&
    !req.is(['application/json', 'application/*+json', 'multipart/form-data'])
  ) {
    return next(new DomainError('unsupported_media_type', { type: String(req.headers['content-type'] ?? 'none') }));
  }
  next();
};

/** After the JSON parser: the parsed body's keys and texts. */
export const bodyGuards: RequestHandler = (req, _res, next) => {
  const problem = bodyProblem(req.body);
  if (problem) {
    const params = problem.code === 'nesting_too_deep' ? { max: MAX_BODY_DEPTH } : undefined;
    return next(fieldError(problem.path, problem.code, params));
  }
  next();
};
