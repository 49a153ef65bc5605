import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Modal, type FormInstance } from 'antd';
import { commonTexts } from './i18n/index.ts';
import { KitForm } from './kit-form.tsx';
import { UnsavedChangesGuard, useDirtyFlag } from './unsaved-changes-guard.tsx';

export type FormModalProps<Values> = {
  open: boolean;
  /** e.g. 'Add Bonus Leave'. */
  title: ReactNode;
  /**
   * A form from `Form.useForm<Values>()` when the page needs it (Form.useWatch, setFieldValue); else one is made
   * here. The form is mounted only while the modal is open: set starting values through `initialValues`.
   */
  form?: FormInstance<Values>;
  /** Values when the modal opens (edit forms); the form is rebuilt each time the modal opens. */
  initialValues?: Partial<Values>;
  /**
   * Save after the fields validate. While a returned promise is pending the Save button spins; the caller closes
   * the modal on success (spec 000 §4: after a successful save the modal closes, the form resets, the list reloads).
   */
  onSubmit: (values: Values) => unknown;
  onCancel: () => void;
  /** Spins the Save button (e.g. a mutation's isPending). */
  confirmLoading?: boolean;
  /** Default 'Save'. */
  okText?: string;
  /** Default 'Cancel'. */
  cancelText?: string;
  /** Default 800 (spec 000 §9 modal default width). */
  width?: number;
  layout?: 'vertical' | 'horizontal';
  /** Form name, prefix of field ids; default 'modal-form'. */
  name?: string;
  /** Form.Items. */
  children: ReactNode;
  /** Extra footer content left of the buttons. */
  footerExtra?: ReactNode;
  onValuesChange?: (changed: Partial<Values>, all: Values) => void;
  /** data-testid of the form; none by default. */
  formTestId?: string;
  /** data-testid of the Save button; default 'form-modal-save'. */
  saveTestId?: string;
  /** data-testid of the Cancel button; default 'form-modal-cancel'. */
  cancelTestId?: string;
  /**
   * Long forms (policy, general configuration): while the modal holds changes not saved, leaving the page asks
   * first (issue 26 §5). Needs a router around the modal.
   */
  guardUnsaved?: boolean;
};

/** A modal holding a Form with a Cancel / Save footer (data-testids `cancelTestId` / `saveTestId`). */
export function FormModal<Values extends object>({
  open,
  title,
  form: givenForm,
  initialValues,
  onSubmit,
  onCancel,
  confirmLoading,
  okText,
  cancelText,
  width = 800,
  layout = 'vertical',
  name = 'modal-form',
  children,
  footerExtra,
  onValuesChange,
  formTestId,
  saveTestId = 'form-modal-save',
  cancelTestId = 'form-modal-cancel',
  guardUnsaved = false,
}: FormModalProps<Values>) {
  const { t } = commonTexts.useT();
  const [ownForm] = Form.useForm<Values>();
  const form = givenForm ?? ownForm;
  const [pending, setPending] = useState(false);
  const dirtyFlag = useDirtyFlag();
  const { markDirty, markClean } = dirtyFlag;
  // Each opening starts clean; a closed modal holds nothing to lose.
  useEffect(() => {
    if (!open) markClean();
  }, [open, markClean]);

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    setPending(true);
    try {
      await onSubmit(values);
      markClean();
    } catch {
      // The failure notice comes from the mutation cache or the caller; the modal stays open for a retry.
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        footerExtra ? <span key="extra" style={{ float: 'left' }}>{footerExtra}</span> : null,
        <Button key="cancel" onClick={onCancel} data-testid={cancelTestId}>
          {cancelText ?? t('actions.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={pending || confirmLoading} onClick={() => void save()} data-testid={saveTestId}>
          {okText ?? t('actions.save')}
        </Button>,
      ]}
    >
      {guardUnsaved ? <UnsavedChangesGuard flag={dirtyFlag} active={open} /> : null}
      <KitForm<Values>
        form={form}
        name={name}
        data-testid={formTestId}
        layout={layout}
        initialValues={initialValues}
        preserve={false}
        onValuesChange={(changed, all) => {
          markDirty();
          onValuesChange?.(changed, all);
        }}
        onFinish={() => void save()}
      >
        {children}
      </KitForm>
    </Modal>
  );
}
