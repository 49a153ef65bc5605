import { Drawer, Menu, type MenuProps } from 'antd';
import { layoutTexts } from './i18n/index.ts';

/** The phone menu's drawer (phone-menu.tsx), a chunk of its own fetched on the menu's first open. */
export default function PhoneMenuDrawer({ open, onClose, selected, items }: { open: boolean; onClose: () => void; selected: string | undefined; items: MenuProps['items'] }) {
  const { t } = layoutTexts.useT();
  return (
    <Drawer
      open={open}
      placement="left"
      title={t('mainMenu')}
      onClose={onClose}
      rootClassName="tms-phone-menu"
      closable={{ 'aria-label': t('phoneMenu.close') }}
      data-testid="phone-menu"
    >
      <nav id="tms-phone-menu" aria-label={t('mainMenu')}>
        <Menu mode="inline" selectedKeys={selected ? [selected] : []} items={items} />
      </nav>
    </Drawer>
  );
}
