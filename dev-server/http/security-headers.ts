import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Security headers for every answer (helmet): a Content-Security-Policy, nosniff, no referrer leak.
 * The product may be embedded in a host page (document 1): which origins may frame it is a setting,
 * FRAME_ANCESTORS (space-separated origins), and only the product itself by default.
 */
export function securityHeaders(
  frameAncestors = (process.env.FRAME_ANCESTORS ?? '').split(/\s+/).filter(Boolean),
): RequestHandler {
  const others = frameAncestors.filter((o) => o !== "'self'");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The page's own scripts only: no inline script and no code made at run time (the forms' validators are compiled
        // by npm run generate, generators/form-validators.ts).
        scriptSrc: ["'self'"],
        // MUI (emotion) writes its styles into <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...others],
      },
    },
    // X-Frame-Options can name no other origin: where host pages are allowed, frame-ancestors alone decides.
    xFrameOptions: others.length ? false : { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });
}
