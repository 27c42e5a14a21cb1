/**
 * Horizontal bars, drawn with plain boxes rather than SVG so that names and values keep the text's
 * size at any width (a phone's 375 px or a desktop's): one row per item (a dish, a method, a
 * placement, a restaurant), its name above its bars, each bar as long as its share of the largest
 * value, its value at the row's end; one or two series (views and orders). One `role="img"` named
 * by the summary; the rows inside are a picture only (the numbers are the figure's table). Plain
 * elements with their sizes set through the DOM (a row is several elements, a chart tens of
 * rows: the kit's styled components cost more to render than the bars).
 */
import { Box } from '@qrmenu/shared/ui';
import type { CSSProperties } from 'react';

const ROW: CSSProperties = { display: 'flex', alignItems: 'center', gap: '0.5rem' };
const TRACK: CSSProperties = { flex: '1 1 0', minWidth: 0 };
const VALUE: CSSProperties = {
  fontSize: '0.75rem',
  whiteSpace: 'nowrap',
  minWidth: '4rem',
  textAlign: 'end',
};
const LABEL: CSSProperties = { fontSize: '0.875rem', lineHeight: 1.375, overflowWrap: 'anywhere', margin: 0 };

export function HBarChart({
  rows,
  series,
  summary,
  format,
  testId,
}: {
  rows: readonly { key: string; label: string; values: readonly number[] }[];
  series: readonly { label: string; color: string }[];
  summary: string;
  format: (v: number) => string;
  testId?: string;
}) {
  const max = Math.max(1, ...rows.flatMap((r) => r.values));
  return (
    <Box role="img" aria-label={summary} data-testid={testId} maxW="40rem">
      <div aria-hidden="true" style={{ display: 'grid', gap: '0.5rem' }}>
        {rows.map((row) => (
          <div key={row.key}>
            <p style={LABEL}>{row.label}</p>
            {row.values.map((v, k) => (
              <div key={series[k]?.label} style={ROW}>
                <div style={TRACK}>
                  <div
                    style={{
                      height: '0.625rem',
                      borderRadius: '2px',
                      background: series[k]?.color,
                      width: `${(v / max) * 100}%`,
                      minWidth: v > 0 ? 2 : 0,
                    }}
                  />
                </div>
                <span style={VALUE}>{format(v)}</span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </Box>
  );
}
