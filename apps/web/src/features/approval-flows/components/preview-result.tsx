import { Alert, Typography } from 'antd';
import type { ApprovalPreview } from '@tms/contracts/approval-flows';
import { previewView } from '../flow-display.ts';
import { approvalFlowsTexts } from '../i18n/index.ts';

/** The preview's answer: the flow that applies (or none, with the usual approver) and each step's approver and why. */
export function PreviewResult({ preview }: { preview: ApprovalPreview }) {
  const { t } = approvalFlowsTexts.useT();
  const view = previewView(preview, t);
  return (
    <div data-testid="flow-preview-result" aria-live="polite">
      <Typography.Paragraph strong data-testid="flow-preview-heading">
        {view.heading}
      </Typography.Paragraph>
      {view.usualApprover ? <Typography.Paragraph data-testid="flow-preview-usual">{view.usualApprover}</Typography.Paragraph> : null}
      {view.auto ? <Alert type="success" showIcon title={t('preview.auto')} data-testid="flow-preview-auto" /> : null}
      {view.lines.length > 0 ? (
        <ol style={{ paddingInlineStart: 20, marginBottom: 0 }}>
          {view.lines.map((line) => (
            <li key={line.position} data-testid={`flow-preview-step-${line.position}`} style={{ marginBottom: 4 }}>
              <Typography.Text strong>{line.title}</Typography.Text> — {line.approver}
              {line.via ? <Typography.Text type="secondary"> ({line.via})</Typography.Text> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
