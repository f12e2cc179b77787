import type { RequestHandler } from 'express';
import { DomainError } from '../../src/domain/errors/domain-error.ts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The first problem in a parsed body, by path: a key that could reach an object's prototype, or text with a NUL. */
function bodyProblem(
  v: unknown,
  path: string[] = [],
): { path: string; code: 'key_not_allowed' | 'nul_character' } | null {
  if (typeof v === 'string')
    return v.includes('\u0000') ? { path: path.join('.') || '_', code: 'nul_character' } : null;
  if (!v || typeof v !== 'object') return null;
  for (const key of Object.keys(v)) {
    if (FORBIDDEN_KEYS.has(key)) return { path: [...path, key].join('.'), code: 'key_not_allowed' };
    if (key.includes('\u0000')) return { path: path.join('.') || '_', code: 'nul_character' };
    const inner = bodyProblem((v as Record<string, unknown>)[key], [...path, key]);
    if (inner) return inner;
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
  if (problem) return next(new DomainError('invalid', {}, { [problem.path]: [{ code: problem.code }] }));
  next();
};
