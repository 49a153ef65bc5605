import { Button, Dropdown } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { layoutTexts } from './i18n/index.ts';

type HelpLink = { key: string; text: 'help.userGuide' | 'help.faq' | 'help.support' | 'help.improvementProposals'; href: string | null };

/**
 * External help links (spec 000 §2 Layout); opened in a new tab. The company has not published these pages yet and
 * the product ships no user guide of its own, so no address is set: a link without an address is not shown, and the
 * Help button is hidden while none has one (issue 26 §11; they pointed at a placeholder site before). Set `href`
 * when a page exists.
 */
export const HELP_LINKS: readonly HelpLink[] = [
  { key: 'user-guide', text: 'help.userGuide', href: null },
  { key: 'faq', text: 'help.faq', href: null },
  { key: 'support', text: 'help.support', href: null },
  { key: 'improvement-proposals', text: 'help.improvementProposals', href: null },
];

/** The links the menu shows: those with a real address. */
export function shownHelpLinks(links: readonly HelpLink[] = HELP_LINKS): (HelpLink & { href: string })[] {
  return links.filter((link): link is HelpLink & { href: string } => link.href !== null && /^https?:\/\//.test(link.href) && !link.href.includes('.example.'));
}

export function HelpMenu() {
  const { t } = layoutTexts.useT();
  const links = shownHelpLinks();
  if (links.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: links.map((link) => ({
          key: link.key,
          label: (
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {t(link.text)}
            </a>
          ),
        })),
      }}
    >
      <Button type="text" icon={<QuestionCircleOutlined aria-hidden />} data-testid="help-menu" aria-label={t('help.button')}>
        {t('help.button')}
      </Button>
    </Dropdown>
  );
}
