/** A line chart as a self-contained SVG text: x on a log scale (rows), y linear from 0 (ms). */
export interface Series {
  name: string;
  points: { x: number; y: number }[];
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
}

const palette = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#7f7f7f',
  '#bcbd22',
];
const dashes = ['', '6 3', '2 3'];

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 1e6 → "1M", 3e5 → "300k". */
export const shortCount = (n: number) =>
  n >= 1e9
    ? `${+(n / 1e9).toPrecision(3)}G`
    : n >= 1e6
      ? `${+(n / 1e6).toPrecision(3)}M`
      : n >= 1e3
        ? `${+(n / 1e3).toPrecision(3)}k`
        : String(n);

/** Round steps (1, 2, 5 × 10^k) covering 0..max in about `count` ticks. */
const niceTicks = (max: number, count = 6) => {
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
};

export const lineChart = ({ title, xLabel, yLabel, series }: ChartOptions): string => {
  const width = 1060;
  const height = Math.max(560, 90 + series.length * 22);
  const plot = { left: 70, top: 50, right: 690, bottom: height - 60 };
  const xs = series.flatMap((s) => s.points.map((p) => p.x)).filter((x) => x > 0);
  const ys = series.flatMap((s) => s.points.map((p) => p.y)).filter(Number.isFinite);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  // One size only: a decade around it, so the point sits in the middle.
  const [lo, hi] =
    xMin === xMax ? [Math.log10(xMin) - 0.5, Math.log10(xMax) + 0.5] : [Math.log10(xMin), Math.log10(xMax)];
  const yTicks = niceTicks(Math.max(1, ...ys) * 1.05);
  const yTop = yTicks[yTicks.length - 1] ?? 1;
  const px = (x: number) =>
    plot.left + ((Math.log10(x) - lo) / (hi - lo || 1)) * (plot.right - plot.left - 20) + 10;
  const py = (y: number) => plot.bottom - (y / yTop) * (plot.bottom - plot.top);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${plot.left}" y="28" font-size="16" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  for (const t of yTicks) {
    const y = py(t).toFixed(1);
    out.push(
      `<line x1="${plot.left}" y1="${y}" x2="${plot.right}" y2="${y}" stroke="#e5e5e5"/>`,
      `<text x="${plot.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle">${t}</text>`,
    );
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    const X = px(x).toFixed(1);
    out.push(
      `<line x1="${X}" y1="${plot.top}" x2="${X}" y2="${plot.bottom}" stroke="#e5e5e5"/>`,
      `<text x="${X}" y="${plot.bottom + 18}" text-anchor="middle">${shortCount(x)}</text>`,
    );
  }
  out.push(
    `<rect x="${plot.left}" y="${plot.top}" width="${plot.right - plot.left}" height="${plot.bottom - plot.top}" fill="none" stroke="#999"/>`,
    `<text x="${(plot.left + plot.right) / 2}" y="${plot.bottom + 42}" text-anchor="middle">${escapeXml(xLabel)}</text>`,
    `<text transform="translate(18 ${(plot.top + plot.bottom) / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yLabel)}</text>`,
  );
  series.forEach((s, i) => {
    const color = palette[i % palette.length];
    const dash = dashes[Math.floor(i / palette.length) % dashes.length];
    const points = s.points.filter((p) => p.x > 0 && Number.isFinite(p.y)).sort((a, b) => a.x - b.x);
    const d = points.map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' ');
    const dashAttr = dash ? ` stroke-dasharray="${dash}"` : '';
    out.push(
      `<polyline points="${d}" fill="none" stroke="${color}" stroke-width="2"${dashAttr}/>`,
      ...points.map(
        (p) => `<circle cx="${px(p.x).toFixed(1)}" cy="${py(p.y).toFixed(1)}" r="3" fill="${color}"/>`,
      ),
    );
    const ly = plot.top + 6 + i * 22;
    out.push(
      `<line x1="${plot.right + 20}" y1="${ly}" x2="${plot.right + 50}" y2="${ly}" stroke="${color}" stroke-width="2"${dashAttr}/>`,
      `<text x="${plot.right + 58}" y="${ly}" dominant-baseline="middle">${escapeXml(s.name)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
};
