/**
 * Lets waiting requests run. PGlite executes each query synchronously on this thread and its promises
 * resolve as microtasks, so a loop of awaited batches never returns to the event loop: a long import
 * would freeze every request (and let idle keep-alive sockets time out under clients' feet).
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A text in slices for a chunked reader, with the event loop let run between them: a file of a hundred megabytes read
 * on the request's thread would otherwise hold every other request for the whole read.
 */
export async function* slicesYielding(text: string, size = 1 << 20): AsyncIterable<string> {
  for (let at = 0; at < text.length; at += size) {
    if (at) await yieldToEventLoop();
    yield text.slice(at, at + size);
  }
}
