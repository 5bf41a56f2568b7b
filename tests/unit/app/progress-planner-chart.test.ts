import { describe, expect, it } from 'vitest';
import {
  buildProgressChart,
  CHART_LABEL_MAX_ENTRIES,
  chartSizeFor,
  DEFAULT_CHART_SIZE,
  describeProgressChart,
  niceStep,
  placeReferenceLabels,
  type ReferenceLabel,
  type Box,
} from '../../../client/app/features/progress-planner/progress-chart-geometry.ts';
import { formatDate, formatShortDate } from '../../../client/lib/dates.ts';

const { height, padding, width } = DEFAULT_CHART_SIZE;
const top = padding.top;
const bottom = height - padding.bottom;

describe('the progress chart', () => {
  it('rounds tick steps to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(7.5)).toBe(10);
    expect(niceStep(1.8)).toBe(2);
    expect(niceStep(0.22)).toBe(0.25);
    expect(niceStep(40)).toBe(50);
    expect(niceStep(0)).toBe(1);
  });

  it('covers every value and both reference lines, with the target above the baseline', () => {
    const chart = buildProgressChart(
      [
        { recordedOn: '2026-03-03', value: 65 },
        { recordedOn: '2026-03-10', value: 72 },
      ],
      { baseline: 60, target: 90 },
    );
    expect(chart.domain.min).toBeLessThanOrEqual(60);
    expect(chart.domain.max).toBeGreaterThanOrEqual(90);
    expect(chart.targetY).not.toBeNull();
    expect(chart.baselineY).not.toBeNull();
    expect(chart.targetY as number).toBeLessThan(chart.baselineY as number);
    for (const point of chart.points) {
      expect(point.y).toBeGreaterThanOrEqual(top);
      expect(point.y).toBeLessThanOrEqual(bottom);
    }
    expect(chart.yTicks[0]?.value).toBe(chart.domain.min);
    expect(chart.yTicks.at(-1)?.value).toBe(chart.domain.max);
  });

  it('spaces points by date, from the left edge to the right edge', () => {
    const chart = buildProgressChart(
      [
        { recordedOn: '2026-03-01', value: 1 },
        { recordedOn: '2026-03-02', value: 2 },
        { recordedOn: '2026-03-11', value: 3 },
      ],
      { baseline: null, target: null },
    );
    const [a, b, c] = chart.points;
    expect(a?.x).toBe(padding.left);
    expect(c?.x).toBe(width - padding.right);
    expect((b?.x ?? 0) - (a?.x ?? 0)).toBeCloseTo(((c?.x ?? 0) - (a?.x ?? 0)) / 10);
    expect(chart.path.startsWith('M')).toBe(true);
    expect(chart.path.split('L')).toHaveLength(3);
    // The axis writes its days as every screen does, without the year.
    expect(chart.xLabels.map((label) => label.label)).toEqual([formatShortDate('2026-03-01'), formatShortDate('2026-03-11')]);
  });

  it('centres a single entry and draws no line', () => {
    const chart = buildProgressChart([{ recordedOn: '2026-03-01', value: 5 }], { baseline: null, target: null });
    expect(chart.points[0]?.x).toBe((padding.left + width - padding.right) / 2);
    expect(chart.path).toBe('');
    expect(chart.domain.min).toBeLessThan(5);
    expect(chart.domain.max).toBeGreaterThan(5);
  });

  it('names its numbers for screen readers', () => {
    const label = describeProgressChart({ title: 'Reading fluency', unit: 'words per minute', baseline: 60, target: 90 }, [
      { recordedOn: '2026-03-03', value: 65 },
      { recordedOn: '2026-03-10', value: 72 },
    ]);
    expect(label).toBe(
      `Reading fluency, words per minute over time: 65 on ${formatDate('2026-03-03')}, 72 on ${formatDate('2026-03-10')}. Baseline 60, target 90.`,
    );
  });

  it('summarises long histories and leaves out missing reference lines', () => {
    const entries = Array.from({ length: CHART_LABEL_MAX_ENTRIES + 2 }, (_, index) => ({
      recordedOn: `2026-01-${String(index + 1).padStart(2, '0')}`,
      value: index % 3 === 0 ? 1 : 4,
    }));
    const label = describeProgressChart({ title: 'Calm mornings', unit: null, baseline: null, target: 5 }, entries);
    expect(label).toBe(
      `Calm mornings over time: 10 entries from 1 on ${formatDate('2026-01-01')} to 1 on ${formatDate('2026-01-10')}, lowest 1, highest 4. Target 5.`,
    );
  });

  it('is drawn at the width it is shown, so a phone gets 12 px text rather than a shrunken 640-wide drawing', () => {
    expect(chartSizeFor(330)).toMatchObject({ width: 330, height: 220 });
    expect(chartSizeFor(900)).toMatchObject({ width: 900, height: 260 });
    // Too narrow to lay out: the smallest drawing, scaled down; not measured yet: the default.
    expect(chartSizeFor(120).width).toBe(260);
    expect(chartSizeFor(0)).toEqual(DEFAULT_CHART_SIZE);
    // The right margin makes room for the reference labels.
    expect(chartSizeFor(330, ['Baseline 60', 'Target 90']).padding.right).toBeGreaterThan(11 * 12 * 0.5);
  });

  describe('puts the Baseline and Target labels beside their lines, clear of the data', () => {
    const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

    function place(entries: { recordedOn: string; value: number }[], baseline: number, target: number, shownWidth: number) {
      const texts = { baseline: `Baseline ${baseline}`, target: `Target ${target}` };
      const chart = buildProgressChart(entries, { baseline, target }, chartSizeFor(shownWidth, [texts.baseline, texts.target]));
      const labels = placeReferenceLabels(chart, texts);
      expect(labels.map((label) => label.kind)).toEqual(['target', 'baseline']);
      const [first, second] = labels as [ReferenceLabel, ReferenceLabel];
      expect(overlaps(first.box, second.box)).toBe(false);
      for (const label of labels) {
        // Right of every point (and so of the data line), inside the drawing.
        for (const point of chart.points) expect(label.box.left).toBeGreaterThan(point.x + 4.5);
        expect(label.box.right).toBeLessThanOrEqual(chart.size.width);
        expect(label.box.top).toBeGreaterThanOrEqual(0);
        expect(label.box.bottom).toBeLessThanOrEqual(chart.size.height - chart.size.padding.bottom + 12);
      }
      return { chart, labels };
    }

    it('level with its own line when the lines are apart, even when the data runs along the baseline', () => {
      const { chart, labels } = place(
        [
          { recordedOn: '2026-03-03', value: 61 },
          { recordedOn: '2026-03-10', value: 63 },
          { recordedOn: '2026-03-17', value: 62 },
        ],
        60,
        90,
        330,
      );
      const [target, baseline] = labels as [ReferenceLabel, ReferenceLabel];
      expect((target.box.top + target.box.bottom) / 2).toBeCloseTo(chart.targetY as number);
      expect((baseline.box.top + baseline.box.bottom) / 2).toBeCloseTo(chart.baselineY as number);
    });

    it("one above the other when the lines are close, the target's on the side of its line", () => {
      const rising = place([{ recordedOn: '2026-01-01', value: 40 }], 20, 21, 640).labels as [ReferenceLabel, ReferenceLabel];
      expect(rising[0].y).toBeLessThan(rising[1].y);
      // A goal to do less of something: the target line is the lower one, and so is its label.
      const falling = place([{ recordedOn: '2026-01-01', value: 40 }], 21, 20, 640).labels as [ReferenceLabel, ReferenceLabel];
      expect(falling[0].y).toBeGreaterThan(falling[1].y);
    });
  });
});
