import { Button, Dropdown } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';

/** External help links (spec 000 §2 Layout); opened in a new tab. Placeholder addresses until the real ones exist. */
export const HELP_LINKS = [
  { key: 'user-guide', label: 'User guide', href: 'https://help.example.com/user-guide' },
  { key: 'faq', label: 'FAQ', href: 'https://help.example.com/faq' },
  { key: 'support', label: 'Support', href: 'https://help.example.com/support' },
  { key: 'improvement-proposals', label: 'Improvement proposals', href: 'https://help.example.com/improvement-proposals' },
] as const;

export function HelpMenu() {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: HELP_LINKS.map((link) => ({
          key: link.key,
          label: (
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          ),
        })),
      }}
    >
      <Button type="text" icon={<QuestionCircleOutlined aria-hidden />} data-testid="help-menu" aria-label="Help">
        Help
      </Button>
    </Dropdown>
  );
}
