import { Button, Form, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { commonTexts } from '../i18n/index.ts';
import { ATTACHMENT_ACCEPT } from './request-form-rules.ts';

type RequestAttachmentsFieldProps = {
  files: UploadFile[];
  required: boolean;
  error: string | null;
  onChange: (files: UploadFile[]) => void;
};

/** The attachments, kept here until the request is saved, then uploaded to it (nothing uploads on choice). */
export function RequestAttachmentsField({ files, required, error, onChange }: RequestAttachmentsFieldProps) {
  const { t } = commonTexts.useT();
  return (
    <Form.Item label={t('requestForm.attachments')} required={required} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
      <Upload multiple accept={ATTACHMENT_ACCEPT} fileList={files} beforeUpload={() => false} onChange={({ fileList }) => onChange(fileList)} data-testid="request-files">
        <Button icon={<UploadOutlined aria-hidden />} data-testid="request-files-add">
          {t('requestForm.chooseFiles')}
        </Button>
      </Upload>
    </Form.Item>
  );
}
