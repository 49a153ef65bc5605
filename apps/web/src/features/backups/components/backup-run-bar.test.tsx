import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BackupRunBar } from './backup-run-bar.tsx';

const render = (props: Parameters<typeof BackupRunBar>[0]) => renderToStaticMarkup(<BackupRunBar {...props} />);
const runButton = (html: string) => html.match(/<button[^>]*data-testid="backup-run"[^>]*>/)?.[0] ?? '';

describe('BackupRunBar', () => {
  it('offers the run with no bar while nothing runs', () => {
    const html = render({ bar: null, busy: false, starting: false, onRun: () => undefined });
    expect(runButton(html)).not.toBe('');
    expect(runButton(html)).not.toContain('disabled');
    expect(html).toContain('Run backup now');
    expect(html).not.toContain('backup-progress');
  });

  it('disables the run and shows the job’s percent and phase while a backup runs', () => {
    const html = render({ bar: { view: { percent: 40, status: 'active', label: 'Taking the backup… (2/5)' }, followable: true, status: 'running' }, busy: true, starting: false, onRun: () => undefined });
    expect(runButton(html)).toContain('disabled');
    expect(html).toContain('data-status="running"');
    expect(html).toContain('Taking the backup… (2/5)');
    expect(html).toContain('aria-valuenow="40"');
  });

  it('shows only the phase for a backup this user cannot follow', () => {
    const html = render({ bar: { view: { percent: 0, status: 'active', label: 'A backup is running…' }, followable: false, status: 'running' }, busy: true, starting: false, onRun: () => undefined });
    expect(html).toContain('A backup is running…');
    expect(html).not.toContain('ant-progress');
  });
});
