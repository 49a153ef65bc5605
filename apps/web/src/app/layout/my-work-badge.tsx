import { Badge } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { routeByName } from '@tms/contracts/routes';
import { useWaitingCount } from '../../features/my-work/api/waiting-count.ts';
import { layoutTexts } from './i18n/index.ts';

const MY_WORK_PATH = routeByName('my-work').path;
/** Sized like the bell's text button beside it (32 px high, the header's text colour). */
const BADGE_LINK = { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: 32, height: 32, paddingInline: 8, color: 'inherit' } as const;

/** Header badge (issue 26 §2): how many items wait for the user's decision, a link to /my-work from every page. */
export function MyWorkBadge() {
  const { t } = layoutTexts.useT();
  const count = useWaitingCount().data?.total ?? 0;
  return (
    <Link to={MY_WORK_PATH} className="tms-my-work-badge" style={BADGE_LINK} aria-label={count > 0 ? t('myWork.waiting', { count }) : t('myWork.none')} data-testid="my-work-badge">
      <Badge count={count} size="small" overflowCount={99} data-testid="my-work-badge-count">
        <CheckSquareOutlined style={{ fontSize: 18 }} aria-hidden />
      </Badge>
    </Link>
  );
}
