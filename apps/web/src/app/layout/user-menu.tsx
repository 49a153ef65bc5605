import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { EditOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { hasRole, logout, type UserDetail } from '../../lib/auth.ts';
import { initialsOf } from '../../lib/initials.ts';
import { BRAND_COLOR } from '../providers.tsx';

/** User dropdown (spec 000 §2 Layout): avatar of initials and display name; Update Leave only for HR and Admin. */
export function UserMenu({ user }: { user: UserDetail }) {
  const navigate = useNavigate();
  const displayName = user.name || user.userName;
  const items: MenuProps['items'] = [
    { key: 'change-password', icon: <LockOutlined aria-hidden />, label: <span data-testid="user-menu-change-password">Change Password</span> },
    ...(hasRole(user, 'HR', 'ADMIN') ? [{ key: 'update-leave', icon: <EditOutlined aria-hidden />, label: <span data-testid="user-menu-update-leave">Update Leave</span> }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: <span data-testid="user-menu-logout">Log out</span> },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'change-password') navigate('/change-password');
    else if (key === 'update-leave') navigate('/update-leave');
    else if (key === 'logout') {
      await logout();
      navigate('/login', { replace: true });
    }
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: (info) => void onClick(info) }}>
      <Button type="text" data-testid="user-menu" style={{ height: 'auto', paddingBlock: 4 }}>
        <Avatar size="small" style={{ backgroundColor: BRAND_COLOR }} aria-hidden data-testid="user-avatar">
          {initialsOf(displayName)}
        </Avatar>
        <span className="tms-user-name">{displayName}</span>
      </Button>
    </Dropdown>
  );
}
