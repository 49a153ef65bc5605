import { Empty } from 'antd';

/** Leave Carryover tab (issue 8). */
export function LeaveCarryoverTab() {
  return <Empty description="Coming soon" />;
}
