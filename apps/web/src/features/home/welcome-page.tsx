import { Result } from 'antd';

/** Home of a signed-in user none of whose pages is built yet (e.g. staff until /timesheet exists). */
export function WelcomePage({ name }: { name: string }) {
  return (
    <Result
      status="info"
      title={`Welcome, ${name}`}
      subTitle="The pages for your role are not available yet. You can change your password from the user menu."
      data-testid="welcome-home"
    />
  );
}
