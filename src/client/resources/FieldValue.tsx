import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { schemaLabel, useI18n } from '../i18n/i18n.ts';
import type { FieldSchema } from '../schema/entities.ts';
import { CellValue, displayValue } from './cells.tsx';
import { Markdown } from '../markdown/Markdown.tsx';

type Props = Record<string, FieldSchema>;

/**
 * A stored value as a person reads it on a record's screen: a list of rows (addresses, rooms,
 * MAC localities) as a small table with the schema's column titles, an object (a subscriber) as
 * label/value pairs, anything else as text.
 */
export function FieldValue({ field, value, name }: { field: FieldSchema; value: unknown; name?: unknown }) {
  const { t, locale } = useI18n();
  const items = field.items as (FieldSchema & { properties?: Props }) | undefined;
  if (Array.isArray(value) && items?.properties && value.length) {
    const cols = Object.entries(items.properties).filter(([k]) =>
      value.some((row) => (row as Record<string, unknown>)[k] !== undefined),
    );
    return (
      <Table size="small" sx={{ width: 'auto' }}>
        <TableHead>
          <TableRow>
            {cols.map(([k, f]) => (
              <TableCell key={k}>{schemaLabel(f, locale, k)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {value.map((row, i) => (
            <TableRow key={i}>
              {cols.map(([k, f]) => (
                <TableCell key={k}>{displayValue(f, (row as Record<string, unknown>)[k], t, locale)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  const props = (field as FieldSchema & { properties?: Props }).properties;
  if (props && value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    return (
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}>
        {Object.entries(props)
          .filter(([k]) => v[k] !== undefined)
          .map(([k, f]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {schemaLabel(f, locale, k)}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {displayValue(f, v[k], t, locale)}
              </Box>
            </Box>
          ))}
      </Box>
    );
  }
  if (value === undefined || value === null || value === '') return <>—</>;
  if (field['x-ui']?.widget === 'markdown' && typeof value === 'string') return <Markdown source={value} />;
  return <CellValue field={field} value={value} t={t} locale={locale} name={name} linked />;
}
