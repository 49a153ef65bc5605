import { describe, expect, it } from 'vitest';
import { HELP_LINKS, shownHelpLinks } from './help-menu.tsx';

/** Issue 26 §11: the Help links pointed at help.example.com, a placeholder site. */
describe('Help links', () => {
  it('shows no link to a placeholder address, so the Help button is hidden', () => {
    expect(HELP_LINKS.some((l) => l.href?.includes('example.com'))).toBe(false);
    expect(shownHelpLinks()).toEqual([]);
  });

  it('shows a link once it has a real address', () => {
    const links = [
      { key: 'faq', text: 'help.faq', href: 'https://intranet.company.vn/tms/faq' },
      { key: 'support', text: 'help.support', href: null },
      { key: 'user-guide', text: 'help.userGuide', href: 'https://help.example.com/user-guide' },
    ] as const;
    expect(shownHelpLinks(links).map((l) => l.key)).toEqual(['faq']);
  });
});
