import type { ReactNode } from 'react';
import { Badge, Button, Drawer, Space } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { commonTexts } from './i18n/index.ts';

/**
 * A filter bar folded on a phone (issue 26 §3): a 'Filters' button with the number of filters in use opens the fields
 * in a drawer, the `extra` buttons (Add New, Export) stay beside it. The drawer's content is rendered while folded, so
 * the form keeps its values and 'Reload Search' can still reset it.
 */
export function FilterFold({ inUse, open, onOpen, onClose, extra, children }: { inUse: number; open: boolean; onOpen: () => void; onClose: () => void; extra?: ReactNode; children: ReactNode }) {
  const { t } = commonTexts.useT();
  return (
    <div className="tms-filter-fold">
      <Space wrap style={{ marginBottom: 8 }}>
        <Badge count={inUse} size="small">
          <Button icon={<FilterOutlined aria-hidden />} onClick={onOpen} aria-label={inUse > 0 ? t('filters.openInUse', { count: inUse }) : undefined} data-testid="filter-open">
            {t('filters.open')}
          </Button>
        </Badge>
        {extra}
      </Space>
      <Drawer open={open} placement="right" title={t('filters.open')} onClose={onClose} closable={{ 'aria-label': t('actions.close') }} forceRender>
        {children}
      </Drawer>
    </div>
  );
}
