import { describe, expect, it } from 'vitest';
import { kioskLink } from './kiosks-tab.tsx';

describe('kiosk link (issue 28 §3)', () => {
  it('carries the token in the fragment, which never reaches a server log', () => {
    expect(kioskLink('https://tms.example', 'a/b')).toBe('https://tms.example/kiosk#token=a%2Fb');
  });
});
