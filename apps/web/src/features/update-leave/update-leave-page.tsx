import { Empty } from 'antd';

/** Update Leave page (issue 8). */
export function UpdateLeavePage() {
  return <Empty description="Coming soon" />;
}
