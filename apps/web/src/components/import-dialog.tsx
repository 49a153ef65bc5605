import { useState } from 'react';
import { Button, Modal, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { UploadFile } from 'antd';
import { apiDownload, apiUpload, type Query } from '../lib/api-client.ts';
import { ApiError, apiErrorFromBody, isAbortError } from '../lib/api-error.ts';
import { downloadBlob } from '../lib/download.ts';
import { notifyApiError, notifyError, notifySuccess } from '../lib/notify.ts';
import { checkImportFile, DEFAULT_IMPORT_ACCEPT } from './import-file-check.ts';
import { commonTexts } from './i18n/index.ts';
import { libTexts } from '../lib/i18n/index.ts';
import { importedCount, importFailedText, importSuccessText } from './import-result.ts';

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
  /** Text of the template link; default 'Download Template' in the reader's language (spec 001 §2.7 says 'Download template'). */
  templateLabel?: string;
  /** A label above the drop area (spec 001 §2.7 'Attach File'); none by default. */
  attachLabel?: string;
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
 * A refusal without a report (415 'File is wrong format' for a corrupt workbook, 413, 403, a lost connection) shows
 * the server's message as a notice and under the file in the dialog, which stays open for another file.
 */
export function ImportDialog({
  open,
  title,
  accept = DEFAULT_IMPORT_ACCEPT,
  uploadUrl,
  fieldName = 'file',
  uploadQuery,
  templateUrl,
  templateLabel,
  attachLabel,
  templateFileName,
  resultFileName,
  onClose,
  onImported,
}: ImportDialogProps) {
  const { t } = commonTexts.useT();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const reset = () => {
    setFile(null);
    setError(null);
    setServerError(null);
  };

  const refused = (err: unknown) => {
    if (isAbortError(err) || (err instanceof ApiError && err.sessionExpired)) return;
    setServerError(err instanceof ApiError ? err.messages : [err instanceof Error && err.message ? err.message : libTexts.t('notice.somethingWentWrong')]);
    notifyApiError(err);
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
    setServerError(null);
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
        notifyError(importFailedText());
      } else {
        refused(apiErrorFromBody(result.status === 200 ? 400 : result.status, result.json));
      }
    } catch (err) {
      refused(err);
    } finally {
      setImporting(false);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: 'import-file', name: file.name, size: file.size, status: error || serverError ? 'error' : 'done' }] : [];

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
          {t('actions.cancel')}
        </Button>,
        <Button key="import" type="primary" onClick={() => void submit()} loading={importing} data-testid="import-submit">
          {t('actions.import')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        {attachLabel ? <Typography.Text strong>{attachLabel}</Typography.Text> : null}
        <Upload.Dragger
          accept={accept.join(',')}
          multiple={false}
          maxCount={1}
          fileList={fileList}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setError(checkImportFile(chosen, accept));
            setServerError(null);
            return false;
          }}
          onRemove={() => {
            reset();
            return true;
          }}
          data-testid="import-dragger"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{t('import.dragText')}</p>
          <p className="ant-upload-hint">{t('import.accepted', { types: accept.join(', ') })}</p>
        </Upload.Dragger>
        {error ? (
          <Typography.Text type="danger" role="alert" data-testid="import-error">
            {error}
          </Typography.Text>
        ) : null}
        {serverError ? (
          <Typography.Text type="danger" role="alert" data-testid="import-server-error" style={{ whiteSpace: 'pre-line' }}>
            {serverError.join('\n')}
          </Typography.Text>
        ) : null}
        <Button type="link" icon={<DownloadOutlined aria-hidden />} onClick={() => void downloadTemplate()} loading={downloading} style={{ paddingInline: 0 }} data-testid="import-template">
          {templateLabel ?? t('import.downloadTemplate')}
        </Button>
      </Space>
    </Modal>
  );
}
