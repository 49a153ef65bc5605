import { Button, Empty, List, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ATTACHMENT_EXTENSIONS } from '@tms/contracts/api';
import type { OnsiteFile } from '@tms/contracts/onsite';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatCount } from '../../../lib/numbers.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { deleteOnsiteFile, downloadOnsiteFile, onsiteKeys, uploadOnsiteFile } from '../api/onsite-api.ts';
import { onsiteTexts } from '../i18n/index.ts';

/** The files of an onsite request: download for all; attach and delete where the request allows (its `actions.files`). */
export function OnsiteFiles({ id, files, mayChange }: { id: number; files: OnsiteFile[]; mayChange: boolean }) {
  const { t } = onsiteTexts.useT();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: onsiteKeys.all });

  const upload = async (file: File) => {
    try {
      await uploadOnsiteFile(id, file);
      notifySuccess(onsiteTexts.t('files.uploaded'));
      await refresh();
    } catch (error) {
      notifyApiError(error);
    }
  };

  const remove = (f: OnsiteFile) =>
    confirmDialog({
      content: t('files.deleteConfirm', { name: f.original_name }),
      danger: true,
      onOk: async () => {
        try {
          await deleteOnsiteFile(id, f.name);
          await refresh();
        } catch (error) {
          notifyApiError(error);
        }
      },
    });

  return (
    <>
      <Space style={{ marginTop: 16 }} align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('files.heading')}
        </Typography.Title>
        {mayChange ? (
          <Upload
            accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button size="small" icon={<UploadOutlined aria-hidden />} data-testid="onsite-file-upload">
              {t('files.attach')}
            </Button>
          </Upload>
        ) : null}
      </Space>
      {files.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('files.none')} />
      ) : (
        <List
          size="small"
          dataSource={files}
          renderItem={(f) => (
            <List.Item
              actions={[
                <Button key="dl" size="small" icon={<DownloadOutlined aria-hidden />} aria-label={t('files.download', { name: f.original_name })} onClick={() => void downloadOnsiteFile(id, f).catch(notifyApiError)} />,
                mayChange ? <Button key="rm" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('files.delete', { name: f.original_name })} onClick={() => remove(f)} /> : null,
              ]}
            >
              {t('files.item', { name: f.original_name, size: formatCount(Math.ceil(f.size / 1024)) })}
            </List.Item>
          )}
        />
      )}
    </>
  );
}
