import { afterEach, describe, expect, it } from 'vitest';
import { expectAntdApp, setAntdApp, withAntdApp } from './antd-app.ts';
import type { AntdAppApi } from './feedback-config.ts';

/** A stand-in for the host's API that records what was shown. */
function fakeApi(shown: string[]): AntdAppApi {
  return { message: { success: (text: string) => shown.push(`success ${text}`) } } as unknown as AntdAppApi;
}

describe('the feedback API fetched after the first render', () => {
  let withdraw: (() => void) | null = null;
  afterEach(() => {
    withdraw?.();
    withdraw = null;
    setAntdApp(null);
  });

  it('keeps a call made before the host is there, asks for the host, and shows it once the host registers', () => {
    const shown: string[] = [];
    let requests = 0;
    withdraw = expectAntdApp(() => requests++);
    withAntdApp((app) => app.message.success('saved'));
    withAntdApp((app) => app.message.success('sent'));
    expect(shown).toEqual([]);
    expect(requests).toBe(2);
    setAntdApp(fakeApi(shown));
    expect(shown).toEqual(['success saved', 'success sent']);
  });

  it('after signing out unmounted the host, asks the next app for its host', () => {
    const shown: string[] = [];
    setAntdApp(fakeApi(shown));
    setAntdApp(null);
    let requests = 0;
    withdraw = expectAntdApp(() => requests++);
    withAntdApp((app) => app.message.success('early'));
    expect(requests).toBe(1);
    setAntdApp(fakeApi(shown));
    expect(shown).toEqual(['success early']);
  });

  it('shows at once through a registered host', () => {
    const shown: string[] = [];
    setAntdApp(fakeApi(shown));
    withAntdApp((app) => app.message.success('now'));
    expect(shown).toEqual(['success now']);
  });
});
