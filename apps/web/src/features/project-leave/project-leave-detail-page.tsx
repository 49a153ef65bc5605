import { Empty } from 'antd';

/** Project Leave Detail page (issue 8). */
export function ProjectLeaveDetailPage() {
  return <Empty description="Coming soon" />;
}
