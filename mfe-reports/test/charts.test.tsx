/** The plain-SVG charts: what a screen reader is told, what the bars and cells carry. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from '../src/charts/BarChart';
import { buckets } from '../src/charts/buckets';
import { HEAT_STEPS, HeatMap, heatStep } from '../src/charts/HeatMap';
import { niceMax, shortNumber } from '../src/charts/scale';

describe('the charts', () => {
  it('a bar chart is one image named by its summary; stacked bars sum, grouped bars stand side by side', () => {
    const { container } = render(
      <BarChart
        labels={['01.03', '02.03']}
        series={[
          { label: 'a', color: '#1d4ed8', values: [10, 0] },
          { label: 'b', color: '#c2410c', values: [30, 5] },
        ]}
        summary="Tushum grafigi"
        formatTick={String}
      />,
    );
    expect(screen.getByRole('img', { name: 'Tushum grafigi' })).toBeInTheDocument();
    const rects = [...container.querySelectorAll('rect')];
    expect(rects).toHaveLength(4);
    // the axis top is 50 (niceMax of 40): the first day's stack is 40 of it, 10 under 30
    const h = rects.map((r) => Number(r.getAttribute('height')));
    expect(h[0]! / h[1]!).toBeCloseTo(1 / 3);
    expect(screen.getByText('50')).toBeInTheDocument();
  });

  it('a heat map: a cell per weekday and hour, its step by its share of the busiest', () => {
    const heat = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    (heat[4] as number[])[19] = 8;
    (heat[0] as number[])[12] = 1;
    const { container } = render(<HeatMap heat={heat} summary="Eng band vaqt" />);
    expect(screen.getByRole('img', { name: 'Eng band vaqt' })).toBeInTheDocument();
    expect(container.querySelectorAll('rect')).toHaveLength(7 * 24);
    expect(container.querySelector('[data-orders="8"]')?.getAttribute('fill')).toBe(HEAT_STEPS[4]);
    expect(container.querySelector('[data-orders="1"]')?.getAttribute('fill')).toBe(HEAT_STEPS[1]);
    expect(heatStep(0, 8)).toBe(0);
    expect(heatStep(4, 8)).toBe(2);
  });

  it('a long period in weeks, a short one in days; round axis tops and short labels', () => {
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ day: `2026-01-${String(i + 1).padStart(2, '0')}` }));
    expect(buckets(days(31))).toHaveLength(31);
    const weeks = buckets(Array.from({ length: 90 }, (_, i) => ({ day: String(i).padStart(10, '0') })));
    expect(weeks).toHaveLength(13);
    expect(weeks.at(-1)?.days).toHaveLength(6);
    expect(niceMax(41)).toBe(50);
    expect(niceMax(3)).toBe(4);
    expect(shortNumber(1_250_000)).toBe('1,3 mln');
    expect(shortNumber(2_000)).toBe('2 ming');
  });
});
