import type { RequestHandler } from 'express';
import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

/**
 * Serves the build's .br or .gz twin of an asset (made at build time) to a browser that accepts it,
 * with the asset's own type: the bytes a browser downloads are the compressed ones. Anything else
 * falls through to the plain static files.
 */
export function precompressedStatic(root: string, cacheControl: (path: string) => string): RequestHandler {
  const base = normalize(root + sep);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path === '/' ? '/index.html' : req.path);
    } catch {
      return next();
    }
    const file = normalize(join(root, rel));
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) return next();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding =
      /\bbr\b/.test(accepts) && existsSync(`${file}.br`)
        ? 'br'
        : /\bgzip\b/.test(accepts) && existsSync(`${file}.gz`)
          ? 'gzip'
          : null;
    res.setHeader('Vary', 'Accept-Encoding');
    if (!encoding) return next();
    res.type(extname(file));
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', cacheControl(file));
    res.sendFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`, { dotfiles: 'deny', cacheControl: false }, (err) => {
      if (err) next(err);
    });
  };
}
