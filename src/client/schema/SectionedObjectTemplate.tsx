import { Box, Typography } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import type { ErrorSchema, ObjectFieldTemplateProps, UiSchema } from '@rjsf/utils';
import { sectionTitle, useT } from '../i18n/i18n.ts';
import { hiddenFields } from './form-schema.ts';

/** How many fields under a field have a message (each shows one): a section is valid when none has. */
const errorCount = (e: ErrorSchema | undefined): number =>
  !e
    ? 0
    : Object.entries(e).reduce(
        (n, [k, v]) =>
          n +
          (k === '__errors' ? ((v as unknown as string[] | undefined)?.length ? 1 : 0) : errorCount(v as ErrorSchema)),
        0,
      );

/**
 * Fields grouped under the section headings their x-ui.section names, in the order the form gives.
 * Each heading carries its section's valid flag: after a check, a section with fields to fix says how
 * many. Fields whose visibleWhen is not met are left out.
 */
export function SectionedObjectTemplate(props: ObjectFieldTemplateProps) {
  const t = useT();
  const hidden = new Set(
    hiddenFields((props.uiSchema ?? {}) as UiSchema, (props.formData ?? {}) as Record<string, unknown>),
  );
  const sections: Array<{ name: string; items: typeof props.properties }> = [];
  for (const p of props.properties.filter((x) => !hidden.has(x.name))) {
    const name = String((props.uiSchema?.[p.name] as Record<string, unknown> | undefined)?.['ui:section'] ?? '');
    let s = sections.find((x) => x.name === name);
    if (!s) {
      s = { name, items: [] };
      sections.push(s);
    }
    s.items.push(p);
  }
  return (
    <Box>
      {sections.map((s) => {
        const toFix = s.items.reduce(
          (n, p) => n + errorCount(props.errorSchema?.[p.name] as ErrorSchema | undefined),
          0,
        );
        return (
          <Box
            component="section"
            key={s.name || 'main'}
            sx={{ mb: 2 }}
            aria-label={s.name || undefined}
            data-valid={toFix === 0}
          >
            {s.name && (
              <Typography
                variant="h3"
                sx={{
                  fontSize: 15,
                  fontWeight: 700,
                  mb: 1,
                  color: toFix ? 'error.main' : 'primary.dark',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                }}
              >
                {sectionTitle(t, s.name)}
                {toFix > 0 && (
                  <>
                    <ErrorOutline fontSize="small" aria-hidden />
                    <Box component="span" sx={{ fontWeight: 400, fontSize: 13 }}>
                      {t('record.section_to_fix', { smart_count: toFix })}
                    </Box>
                  </>
                )}
              </Typography>
            )}
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 2 }}>
              {s.items.map((p) => {
                const type = (props.schema.properties?.[p.name] as { type?: string } | undefined)?.type;
                return (
                  <Box key={p.name} sx={{ gridColumn: type === 'array' || type === 'object' ? '1 / -1' : undefined }}>
                    {p.content}
                  </Box>
                );
              })}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
