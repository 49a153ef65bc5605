import { Result } from 'antd';
import { homeTexts } from './i18n/index.ts';

/** Home of a signed-in user none of whose pages is built yet (e.g. staff until /timesheet exists). */
export function WelcomePage({ name }: { name: string }) {
  const { t } = homeTexts.useT();
  return <Result status="info" title={t('title', { name })} subTitle={t('subTitle')} data-testid="welcome-home" />;
}
