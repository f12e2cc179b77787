import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/*
 * The Markdown a manager writes in a guideline, drawn as React elements: headings, paragraphs, lists,
 * bold, italics, code and links. Nothing of the text is ever HTML, so a guideline cannot carry a script;
 * links go only to http(s) and mailto addresses, in a new tab.
 */

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** **bold**, *italic* or _italic_, `code` and [text](address), in one pass over a line. */
export function inline(text: string, key = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*(.+?)\*\*|\*(.+?)\*|_(.+?)_|`(.+?)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let n = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${n++}`;
    if (m[1] !== undefined) out.push(<strong key={k}>{inline(m[1], k)}</strong>);
    else if (m[2] !== undefined || m[3] !== undefined) out.push(<em key={k}>{inline(m[2] ?? m[3], k)}</em>);
    else if (m[4] !== undefined)
      out.push(
        <Box component="code" key={k} sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5 }}>
          {m[4]}
        </Box>,
      );
    else if (SAFE_LINK.test(m[6]))
      out.push(
        <Link key={k} href={m[6]} target="_blank" rel="noopener noreferrer">
          {inline(m[5], k)}
        </Link>,
      );
    else out.push(m[5]);
    last = re.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

type Block =
  | { kind: 'h'; level: number; text: string }
  | { kind: 'p'; lines: string[] }
  | { kind: 'ul' | 'ol'; items: string[] };

export function blocks(source: string): Block[] {
  const out: Block[] = [];
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const last = out[out.length - 1];
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) out.push({ kind: 'p', lines: [] });
    else if (heading) out.push({ kind: 'h', level: heading[1].length, text: heading[2] });
    else if (bullet) {
      if (last?.kind === 'ul') last.items.push(bullet[1]);
      else out.push({ kind: 'ul', items: [bullet[1]] });
    } else if (numbered) {
      if (last?.kind === 'ol') last.items.push(numbered[1]);
      else out.push({ kind: 'ol', items: [numbered[1]] });
    } else if (last?.kind === 'p' && last.lines.length) last.lines.push(line);
    else out.push({ kind: 'p', lines: [line] });
  }
  return out.filter((b) => b.kind !== 'p' || b.lines.length);
}

export function Markdown({ source }: { source: string }) {
  return (
    <Box sx={{ '& p': { my: 1 }, '& ul, & ol': { my: 1, pl: 3 } }} data-testid="markdown">
      {blocks(source).map((b, i) => {
        const k = `b${i}`;
        if (b.kind === 'h')
          return (
            <Typography
              key={k}
              component={`h${Math.min(b.level + 2, 6)}` as 'h3'}
              sx={{ fontSize: [20, 18, 16, 15][b.level - 1], fontWeight: 600, mt: 1.5, mb: 0.5 }}
            >
              {inline(b.text, k)}
            </Typography>
          );
        if (b.kind === 'p')
          return (
            <p key={k}>
              {b.lines.flatMap((l, j) =>
                j ? [<br key={`${k}-br${j}`} />, ...inline(l, `${k}-${j}`)] : inline(l, `${k}-${j}`),
              )}
            </p>
          );
        const List = b.kind;
        return (
          <List key={k}>
            {b.items.map((item, j) => (
              <li key={j}>{inline(item, `${k}-${j}`)}</li>
            ))}
          </List>
        );
      })}
    </Box>
  );
}
