import type { ReactNode } from 'react';
import { Space } from 'antd';

/**
 * The buttons of a table row's Action column side by side (History, Edit, Delete). Issue 26 §11: with no gap the icon
 * buttons touched, so a click meant for Edit could land on Delete; the kit keeps antd's small gap (8 px) between them.
 */
export function RowActionsSpace({ children }: { children: ReactNode }) {
  return <Space size="small">{children}</Space>;
}
