import { Button, List, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ATTACHMENT_EXTENSIONS } from '@tms/contracts/api';
import type { FixedFile } from '@tms/contracts/overtime-fixed';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyApiError, notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { deleteFixedFile, downloadFixedFile, fixedKeys, uploadFixedFile } from './api/fixed-overtime-api.ts';
import { overtimeTexts } from '../i18n/index.ts';

/** Attachments of a fixed request (spec 001 §7.3): download for all who see it, upload and delete as the server allows. */
export function FixedFiles({ id, files, mayUpload, mayDelete }: { id: number; files: readonly FixedFile[]; mayUpload: boolean; mayDelete: boolean }) {
  const client = useQueryClient();
  const { t } = overtimeTexts.useT();
  const refresh = () => client.invalidateQueries({ queryKey: fixedKeys.all });

  const upload = async (file: File) => {
    try {
      await uploadFixedFile(id, file);
      notifySuccess(overtimeTexts.t('messages.uploadSuccess'));
      await refresh();
    } catch (error) {
      notifyFailure(overtimeTexts.t('messages.uploadFailed'), error);
    }
  };

  const remove = (f: FixedFile) =>
    confirmDialog({
      title: t('fixed.files.deleteTitle'),
      content: t('messages.deleteFileConfirm'),
      danger: true,
      onOk: async () => {
        try {
          await deleteFixedFile(id, f.name);
          await refresh();
        } catch (error) {
          notifyApiError(error);
        }
      },
    });

  return (
    <div data-testid="fixed-ot-files-list">
      <Typography.Title level={5}>{t('fixed.files.title')}</Typography.Title>
      <List
        size="small"
        dataSource={[...files]}
        locale={{ emptyText: t('fixed.files.empty') }}
        renderItem={(f) => (
          <List.Item
            actions={[
              <Button key="dl" size="small" type="text" icon={<DownloadOutlined />} aria-label={t('fixed.files.download', { name: f.original_name })} onClick={() => void downloadFixedFile(id, f).catch(notifyApiError)} />,
              ...(mayDelete ? [<Button key="rm" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('fixed.files.delete', { name: f.original_name })} onClick={() => remove(f)} />] : []),
            ]}
          >
            {f.original_name}
          </List.Item>
        )}
      />
      {mayUpload ? (
        <Upload
          showUploadList={false}
          accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />}>
            {t('fixed.files.upload')}
          </Button>
        </Upload>
      ) : null}
    </div>
  );
}
