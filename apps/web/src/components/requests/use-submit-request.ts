import { useEffect, useState } from 'react';
import type { FormInstance, UploadFile } from 'antd';
import type { RequestRecord } from '@tms/contracts/requests';
import { ApiError } from '../../lib/api-error.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../lib/notify.ts';
import { commonTexts } from '../i18n/index.ts';
import { uploadFiles, useSaveRequest } from './request-api.ts';
import { attachmentsProblem, batchItems, batchSucceeded, toPayload, type BatchItem, type RequestFormValues } from './request-form-rules.ts';
import type { RequestModalMode } from './request-form-values.ts';

export type SubmitRequestOptions = {
  form: FormInstance<RequestFormValues>;
  open: boolean;
  mode: RequestModalMode;
  editing?: RequestRecord | null;
  /** The staff the request is for when not the signed-in user. */
  owner: { id?: number | null; user_name: string } | null;
  userName: string | undefined;
  hourBased: boolean;
  fileRequired: boolean;
  onSaved?: () => void;
  onClose: () => void;
};

/**
 * Saving the Create Request modal (spec 001 §5.2): the attachments, the save call, then the upload of the attachments
 * to each saved request. A failure keeps the form open with the server's messages; a batch shows its per-item result.
 */
export function useSubmitRequest(options: SubmitRequestOptions) {
  const { form, open, mode, editing, owner, onSaved, onClose } = options;
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [batchResult, setBatchResult] = useState<BatchItem[] | null>(null);
  const [serverError, setServerError] = useState<string[] | null>(null);
  // After a batch that created something the form hides and its per-item result stays until closed.
  const [finished, setFinished] = useState(false);
  const save = useSaveRequest();

  useEffect(() => {
    if (open) {
      form.resetFields();
      setFiles([]);
      setFileError(null);
      setServerError(null);
    }
  }, [open, form]);

  const submit = async () => {
    let values: RequestFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const problem = attachmentsProblem(files);
    setFileError(problem);
    if (problem) return;
    if (options.fileRequired && files.length === 0) {
      setFileError(commonTexts.t('requestForm.messages.fileRequired'));
      return;
    }
    const hourBased = options.hourBased;
    const payload = toPayload(values, { hourBased, mode, id: editing?.id });
    if (mode !== 'batch' && !editing && owner?.id && owner.user_name !== options.userName) payload.employee = owner.id;
    setServerError(null);
    try {
      const kind = mode === 'batch' ? 'batch' : mode === 'onsite' ? (editing ? 'editCommon' : 'common') : editing ? 'edit' : 'create';
      if (mode === 'onsite' && !editing) payload.usernames = values.usernames ?? [];
      if (editing) payload.version = editing.version;
      const answer = await save.mutateAsync({ payload, kind, hourBased });
      if (mode === 'batch') {
        const items = batchItems(answer.data);
        if (items.length === 0) throw new ApiError(answer.code, answer.message || commonTexts.t('requestForm.messages.uploadFailed'));
        setBatchResult(items);
        if (!batchSucceeded(items)) return;
        await uploadAll(items.filter((i) => (i.code === 200 || i.code === 201) && i.id).map((i) => i.id as number));
        onSaved?.();
        setFinished(true);
        return;
      } else {
        const data = answer.data as { id?: number; ids?: number[] } | null;
        const ids = editing ? [editing.id] : (data?.ids ?? (data?.id ? [data.id] : []));
        await uploadAll(ids);
        notifySuccess(answer.message || commonTexts.t('requestForm.messages.success'));
      }
      onSaved?.();
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        setServerError(error.messages);
        notifyApiError(error);
      } else notifyApiError(error);
    }
  };

  const uploadAll = async (ids: number[]) => {
    const raw = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);
    if (raw.length === 0 || ids.length === 0) return;
    let ok = true;
    for (const id of ids) ok = (await uploadFiles(id, raw)) && ok;
    if (ok) notifySuccess(commonTexts.t('requestForm.messages.uploadSuccess'));
    else notifyError(commonTexts.t('requestForm.messages.uploadFailed'));
  };

  return {
    submit,
    saving: save.isPending,
    files,
    fileError,
    changeFiles: (fileList: UploadFile[]) => {
      setFiles(fileList);
      setFileError(attachmentsProblem(fileList));
    },
    serverError,
    finished,
    batchResult,
    closeBatchResult: () => {
      setBatchResult(null);
      if (finished) onClose();
    },
  };
}
