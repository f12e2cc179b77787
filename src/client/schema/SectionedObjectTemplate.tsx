import { Box, Typography } from '@mui/material';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { sectionTitle, useT } from '../i18n/i18n.ts';

/** Fields grouped under the section headings their x-ui.section names, in the order the form gives. */
export function SectionedObjectTemplate(props: ObjectFieldTemplateProps) {
  const t = useT();
  const sections: Array<{ name: string; items: typeof props.properties }> = [];
  for (const p of props.properties) {
    const name = String((props.uiSchema?.[p.name] as Record<string, unknown> | undefined)?.['ui:section'] ?? '');
    let s = sections.find((x) => x.name === name);
    if (!s) { s = { name, items: [] }; sections.push(s); }
    s.items.push(p);
  }
  return (
    <Box>
      {sections.map((s) => (
        <Box component="section" key={s.name || 'main'} sx={{ mb: 2 }} aria-label={s.name || undefined}>
          {s.name && <Typography variant="h3" sx={{ fontSize: 15, fontWeight: 700, mb: 1, color: 'primary.dark' }}>{sectionTitle(t, s.name)}</Typography>}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 2 }}>
            {s.items.map((p) => { const type = (props.schema.properties?.[p.name] as { type?: string } | undefined)?.type; return <Box key={p.name} sx={{ gridColumn: type === 'array' || type === 'object' ? '1 / -1' : undefined }}>{p.content}</Box>; })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
