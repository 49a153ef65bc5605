import { useState } from 'react';
import type { WebhookEndpoint, WebhookWithSecret } from '@tms/contracts/webhooks';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useDeleteWebhook, useRotateWebhookSecret, useSaveWebhook, useSendWebhookTest } from './api/webhooks-api.ts';
import { webhooksTexts } from './i18n/index.ts';

/** A secret to show once, and why: just created, or rotated. */
export type ShownSecret = { secret: string; reason: 'created' | 'rotated' };

/**
 * The writes and dialogs of the endpoints list: the form, the delivery log, the Active switch (pausing asks first),
 * Send test event, Rotate secret and Delete (both ask first); a new secret is kept here until its modal closes.
 */
export function useWebhookActions() {
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const save = useSaveWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhookTest();
  const t = webhooksTexts.t;

  const onToggle = (e: WebhookEndpoint, active: boolean) => {
    const body = { url: e.url, description: e.description, events: e.events as never, active, version: e.version };
    const run = () => save.mutateAsync({ id: e.id, body }).then(() => notifySuccess(webhooksTexts.t('actions.updated')));
    if (active) void run().catch(() => undefined);
    else confirmDialog({ content: t('actions.confirmDeactivate', { url: e.url }), okText: t('actions.pause'), danger: true, onOk: run });
  };

  const onDelete = (e: WebhookEndpoint) =>
    confirmDialog({
      content: t('actions.confirmDelete', { url: e.url }),
      okText: t('actions.delete'),
      danger: true,
      onOk: () => remove.mutateAsync(e.id).then(() => notifySuccess(webhooksTexts.t('actions.deleted'))),
    });

  const onRotate = (e: WebhookEndpoint) =>
    confirmDialog({
      content: t('actions.confirmRotate', { url: e.url }),
      okText: t('actions.rotate'),
      danger: true,
      onOk: () => rotate.mutateAsync(e.id).then((answer) => setSecret({ secret: answer.secret, reason: 'rotated' })),
    });

  const onTest = (e: WebhookEndpoint) =>
    void test
      .mutateAsync(e.id)
      .then(() => notifySuccess(webhooksTexts.t('actions.testQueued')))
      .catch(() => undefined);

  const onCreated = (created: WebhookWithSecret) => setSecret({ secret: created.secret, reason: 'created' });

  return {
    editing,
    setEditing,
    log,
    setLog,
    secret,
    closeSecret: () => setSecret(null),
    onToggle,
    onDelete,
    onRotate,
    onTest,
    onCreated,
    toggling: save.isPending && save.variables?.id ? save.variables.id : null,
  };
}
