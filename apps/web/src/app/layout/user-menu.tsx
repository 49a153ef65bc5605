import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { EditOutlined, GlobalOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@tms/contracts/language';
import { hasRole, logout, saveUserLanguage, type UserDetail } from '../../lib/auth.ts';
import { setLanguage, useLanguage } from '../../lib/i18n.ts';
import { initialsOf } from '../../lib/initials.ts';
import { BRAND_COLOR } from '../providers.tsx';
import { layoutTexts } from './i18n/index.ts';

/**
 * User dropdown (spec 000 §2 Layout): avatar of initials and display name; Update Leave only for HR and Admin; the
 * language (issue 25), stored on the user so it follows them to every device.
 */
export function UserMenu({ user }: { user: UserDetail }) {
  const navigate = useNavigate();
  const { t } = layoutTexts.useT();
  const language = useLanguage();
  const displayName = user.name || user.userName;
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined aria-hidden />, label: <span data-testid="user-menu-profile">{t('user.profile')}</span> },
    { key: 'change-password', icon: <LockOutlined aria-hidden />, label: <span data-testid="user-menu-change-password">{t('user.changePassword')}</span> },
    ...(hasRole(user, 'HR', 'ADMIN') ? [{ key: 'update-leave', icon: <EditOutlined aria-hidden />, label: <span data-testid="user-menu-update-leave">{t('user.updateLeave')}</span> }] : []),
    {
      type: 'group' as const,
      key: 'language',
      label: (
        <span>
          <GlobalOutlined aria-hidden /> {t('user.language')}
        </span>
      ),
      children: LANGUAGES.map((value) => ({
        key: `language:${value}`,
        label: (
          <span lang={value} data-testid={`user-menu-language-${value}`}>
            {LANGUAGE_NAMES[value]}
            {value === language ? ' ✓' : ''}
          </span>
        ),
      })),
    },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: <span data-testid="user-menu-logout">{t('user.logout')}</span> },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'change-password') navigate('/change-password');
    else if (key === 'update-leave') navigate('/update-leave');
    else if (key.startsWith('language:')) {
      const chosen = key.slice('language:'.length) as Language;
      await setLanguage(chosen);
      await saveUserLanguage(chosen);
    } else if (key === 'logout') {
      await logout();
      navigate('/login', { replace: true });
    }
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: (info) => void onClick(info), selectedKeys: [`language:${language}`] }}>
      <Button type="text" data-testid="user-menu" style={{ height: 'auto', paddingBlock: 4 }}>
        <Avatar size="small" style={{ backgroundColor: BRAND_COLOR }} aria-hidden data-testid="user-avatar">
          {initialsOf(displayName)}
        </Avatar>
        <span className="tms-user-name">{displayName}</span>
      </Button>
    </Dropdown>
  );
}
