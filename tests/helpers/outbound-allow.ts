/**
 * A test's own clearing house listens on this machine, which the outbound address policy never reaches unless the
 * installation allows it: each fake server names its own address and port in OUTBOUND_ALLOW while it runs (as an
 * installation names a clearing house on its private network), and takes it out when it stops.
 */
export function allowOutbound(entry: string): () => void {
  const add = () => {
    const now = (process.env.OUTBOUND_ALLOW ?? '').split(',').filter(Boolean);
    if (!now.includes(entry)) process.env.OUTBOUND_ALLOW = [...now, entry].join(',');
  };
  add();
  return () => {
    const rest = (process.env.OUTBOUND_ALLOW ?? '').split(',').filter((e) => e && e !== entry);
    if (rest.length) process.env.OUTBOUND_ALLOW = rest.join(',');
    else delete process.env.OUTBOUND_ALLOW;
  };
}
