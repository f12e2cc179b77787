import express, { type RequestHandler, type Router } from 'express';

/** One answerable route: its method, its Express path and the handlers it runs, with where it was declared. */
export interface RouteEntry {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express form: /claim/:id */
  path: string;
  handlers: RequestHandler[];
  /** who declared it (a module's name, an entity's): named when two declare the same route */
  source: string;
}

/** Each segment of a path: 0 a fixed word, 1 a parameter. A fixed word is more specific. */
const shape = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? 1 : 0));

/** Fixed words before parameters, segment by segment: /claim/batch is tried before /claim/:id. */
export function bySpecificity(a: RouteEntry, b: RouteEntry): number {
  const x = shape(a.path);
  const y = shape(b.path);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  // A total order (paths of different lengths never answer the same request): shorter first.
  return x.length - y.length;
}

/**
 * One router for every route of the API, in an order the routes themselves decide (fixed words win
 * over parameters), so that no module's place in a list matters. Two declarations of the same method
 * and path are a mistake found at start, naming both.
 */
export function routeTable(entries: RouteEntry[]): Router {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const e of entries) {
    const key = `${e.method} ${e.path.replace(/:\w+/g, ':')}`;
    const other = seen.get(key);
    if (other) twice.push(`${e.method.toUpperCase()} ${e.path}: ${other} and ${e.source}`);
    seen.set(key, e.source);
  }
  if (twice.length) throw new Error(`Two routes answer the same request:\n${twice.join('\n')}`);
  const router = express.Router();
  for (const e of [...entries].sort(bySpecificity)) router[e.method](e.path, ...e.handlers);
  return router;
}
