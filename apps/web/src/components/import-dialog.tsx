import { useState } from 'react';
import { Button, Modal, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { UploadFile } from 'antd';
import { apiDownload, apiUpload, type Query } from '../lib/api-client.ts';
import { apiErrorFromBody } from '../lib/api-error.ts';
import { downloadBlob } from '../lib/download.ts';
import { notifyApiError, notifyError, notifySuccess } from '../lib/notify.ts';
import { checkImportFile, DEFAULT_IMPORT_ACCEPT } from './import-file-check.ts';
import { IMPORT_FAILED_TEXT, importedCount, importSuccessText } from './import-result.ts';

export type ImportDialogProps = {
  open: boolean;
  /** e.g. 'Import File: Bonus Leave'. */
  title: string;
  /** Accepted extensions; default ['.xlsx'] (leave imports: ['.xls', '.xlsx']). */
  accept?: readonly string[];
  /** Multipart POST target, e.g. '/tms/leaves-management/annual-leaves/priority-leave/import'. */
  uploadUrl: string;
  /** Multipart field of the file; default 'file' (carryover import uses 'files', spec 000 §7). */
  fieldName?: string;
  /** Extra query parameters of the upload. */
  uploadQuery?: Query;
  /** GET target of 'Download Template'. */
  templateUrl: string;
  /** Template name when the answer has no Content-Disposition, e.g. 'Template.xlsx'. */
  templateFileName: string;
  /** Name of the error report saved when the import fails, e.g. 'BonusLeaveResult.xlsx'. */
  resultFileName: string;
  onClose: () => void;
  /** Called after a successful import with the imported row count (when the server reports it). */
  onImported: (count: number | undefined) => void;
};

/**
 * Import dialog (spec 000 §2, §5, §8): drag and drop or browse one file, 'Download Template', Cancel and Import.
 * Client checks 'File is required', 'File is wrong format', 'File <= 5MB'. RULES.md §1 imports: header `code` 200 →
 * success toast, close, `onImported`; otherwise the xlsx error report is saved as `resultFileName` and a notice says so.
 */
export function ImportDialog({
  open,
  title,
  accept = DEFAULT_IMPORT_ACCEPT,
  uploadUrl,
  fieldName = 'file',
  uploadQuery,
  templateUrl,
  templateFileName,
  resultFileName,
  onClose,
  onImported,
}: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const reset = () => {
    setFile(null);
    setError(null);
  };

  const close = () => {
    if (importing) return;
    reset();
    onClose();
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await apiDownload(templateUrl, { fallbackName: templateFileName });
    } catch (err) {
      notifyApiError(err);
    } finally {
      setDownloading(false);
    }
  };

  const submit = async () => {
    const problem = checkImportFile(file, accept);
    setError(problem);
    if (problem || !file) return;
    setImporting(true);
    try {
      const form = new FormData();
      form.append(fieldName, file, file.name);
      const result = await apiUpload(uploadUrl, form, { query: uploadQuery });
      if (result.sessionEnded) return;
      if (result.ok) {
        const count = importedCount(result.json);
        notifySuccess(importSuccessText(result.json, count));
        reset();
        onClose();
        onImported(count);
      } else if (result.blob && result.blob.size > 0) {
        downloadBlob(result.blob, resultFileName);
        notifyError(IMPORT_FAILED_TEXT);
      } else {
        notifyApiError(apiErrorFromBody(result.status === 200 ? 400 : result.status, result.json));
      }
    } catch (err) {
      notifyApiError(err);
    } finally {
      setImporting(false);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: 'import-file', name: file.name, size: file.size, status: error ? 'error' : 'done' }] : [];

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: !importing }}
      width={600}
      footer={[
        <Button key="cancel" onClick={close} disabled={importing} data-testid="import-cancel">
          Cancel
        </Button>,
        <Button key="import" type="primary" onClick={() => void submit()} loading={importing} data-testid="import-submit">
          Import
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Upload.Dragger
          accept={accept.join(',')}
          multiple={false}
          maxCount={1}
          fileList={fileList}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setError(checkImportFile(chosen, accept));
            return false;
          }}
          onRemove={() => {
            reset();
            return true;
          }}
          data-testid="import-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Click or drag file to this area to upload</p>
          <p className="ant-upload-hint">Accepted: {accept.join(', ')} (max 5MB)</p>
        </Upload.Dragger>
        {error ? (
          <Typography.Text type="danger" role="alert" data-testid="import-error">
            {error}
          </Typography.Text>
        ) : null}
        <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadTemplate()} loading={downloading} style={{ paddingInline: 0 }} data-testid="import-template">
          Download Template
        </Button>
      </Space>
    </Modal>
  );
}
