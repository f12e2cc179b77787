import { Box, Tab, Tabs, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { Markdown } from '../markdown/Markdown.tsx';
import { widgetError, widgetLabel } from './widget-props.ts';

/** A long text written in Markdown (a guideline), with a preview of how readers will see it. */
export function MarkdownWidget(p: WidgetProps) {
  const t = useT();
  const [preview, setPreview] = useState(false);
  const value = typeof p.value === 'string' ? p.value : '';
  return (
    <Box>
      <Tabs
        value={preview ? 1 : 0}
        onChange={(_e, v) => setPreview(v === 1)}
        aria-label={widgetLabel(p)}
        sx={{ minHeight: 32, '& .MuiTab-root': { minHeight: 32, py: 0 } }}
      >
        <Tab label={t('markdown.write')} />
        <Tab label={t('markdown.preview')} />
      </Tabs>
      {preview ? (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minHeight: 200 }}>
          <Markdown source={value} />
        </Box>
      ) : (
        <TextField
          id={p.id}
          label={widgetLabel(p)}
          value={value}
          multiline
          minRows={10}
          fullWidth
          disabled={p.disabled || p.readonly}
          onChange={(e) => p.onChange(e.target.value === '' ? undefined : e.target.value)}
          onBlur={() => p.onBlur(p.id, value)}
          error={!!widgetError(p)}
          helperText={widgetError(p) ?? t('markdown.hint')}
        />
      )}
    </Box>
  );
}
