import { Button, Dropdown } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { layoutTexts } from './i18n/index.ts';

/** External help links (spec 000 §2 Layout); opened in a new tab. Placeholder addresses until the real ones exist. */
export const HELP_LINKS = [
  { key: 'user-guide', text: 'help.userGuide', href: 'https://help.example.com/user-guide' },
  { key: 'faq', text: 'help.faq', href: 'https://help.example.com/faq' },
  { key: 'support', text: 'help.support', href: 'https://help.example.com/support' },
  { key: 'improvement-proposals', text: 'help.improvementProposals', href: 'https://help.example.com/improvement-proposals' },
] as const;

export function HelpMenu() {
  const { t } = layoutTexts.useT();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: HELP_LINKS.map((link) => ({
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
