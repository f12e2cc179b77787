/**
 * Lets waiting requests run. PGlite executes each query synchronously on this thread and its promises
 * resolve as microtasks, so a loop of awaited batches never returns to the event loop: a long import
 * would freeze every request (and let idle keep-alive sockets time out under clients' feet).
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
