import { useMemo } from 'react';
import { Form, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { RequestType } from '@tms/contracts/requests';
import { commonTexts } from '../i18n/index.ts';
import { requestCodeLabel, selectionsQuery } from './request-api.ts';
import type { RequestFormValues } from './request-form-rules.ts';
import type { RequestModalMode } from './request-form-values.ts';

/** The screen type the selection lookups are asked for (spec 001 §7.2 `screenType`). */
export const REQUEST_SCREEN_TYPE = 'REQUEST_MANAGEMENT';

export type RequestSelections = ReturnType<typeof useRequestSelections>;

/** The request type, request and reason choices of the modal, each narrowed by the choice before it. */
export function useRequestSelections(form: FormInstance<RequestFormValues>, open: boolean, mode: RequestModalMode) {
  const { t } = commonTexts.useT();
  const selections = useQuery({ ...selectionsQuery(REQUEST_SCREEN_TYPE), enabled: open });
  const requestType = Form.useWatch('request_type', form) as RequestType | undefined;
  const reason = Form.useWatch('reason_type', form);
  const chosenRequest = Form.useWatch('request', form) as string | undefined;

  const requestTypeOptions = useMemo(() => {
    const list = selections.data?.requestTypes ?? [];
    const option = (value: RequestType) => ({ value: value as string, label: t(`requestForm.requestTypes.${value}`) });
    const opts = list.length > 0 ? list : [option('LEAVE_REQUEST'), option('EXPLANATION_REQUEST')];
    return mode === 'onsite' ? [option('ONSITE'), option('WORK_OUTSIDE')] : opts.filter((o) => o.value !== 'ONSITE' && o.value !== 'WORK_OUTSIDE');
  }, [selections.data, mode, t]);
  // The "request" choices are named here (not by the server), in the reader's language.
  const requestOptions = (selections.data?.requests ?? []).filter((r) => !r.requestType || r.requestType === requestType).map((r) => ({ ...r, label: requestCodeLabel(r.value, t) }));
  const reasonOptions = (selections.data?.reasons ?? []).filter((r) => (!requestType || r.requestType === requestType) && (!chosenRequest || !r.request || r.request === chosenRequest));

  return {
    loading: selections.isLoading,
    requestType,
    reason,
    requestTypeOptions,
    requestOptions,
    reasonOptions,
    fileRequired: reasonOptions.find((r) => r.value === reason)?.requiresFile === true,
  };
}
