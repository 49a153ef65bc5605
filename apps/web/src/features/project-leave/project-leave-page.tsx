import { Empty } from 'antd';

/** Project Leave list page (issue 8). */
export function ProjectLeavePage() {
  return <Empty description="Coming soon" />;
}
