import { Empty } from 'antd';

/** General Configuration tab (issue 8). */
export function GeneralConfigTab() {
  return <Empty description="Coming soon" />;
}
