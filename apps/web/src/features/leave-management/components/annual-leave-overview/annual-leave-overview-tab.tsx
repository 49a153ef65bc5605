import { Empty } from 'antd';

/** Annual Leave Overview tab (issue 8). */
export function AnnualLeaveOverviewTab() {
  return <Empty description="Coming soon" />;
}
