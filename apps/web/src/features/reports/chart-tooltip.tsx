import type { ReactNode } from 'react';

/** The box of a chart's tooltip (recharts draws it where the pointer or the keyboard focus is): a title and lines. */
export function ChartTooltipBox({ title, lines }: { title: ReactNode; lines: readonly ReactNode[] }) {
  return (
    <div style={{ background: '#fff', border: '1px solid #d9d9d9', borderRadius: 6, padding: '6px 10px', boxShadow: '0 2px 8px rgba(0, 0, 0, 0.12)' }}>
      <div style={{ fontWeight: 600, marginBottom: 2 }}>{title}</div>
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}
