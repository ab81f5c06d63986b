import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import {
  createWebhookBodySchema,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOKS_PER_WORKSPACE,
  webhookEvents,
  type Webhook,
  type WebhookEvent,
} from '@redacta/shared';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { problemText, type Problem } from '@/lib/error-message';
import { useCreateOnce } from '@/lib/use-create-once';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { ChoiceFieldset } from './choice-fieldset';
import { eventKey } from './event-key';
import { SecretOnce } from './secret-once';

/** The form adds an endpoint, or changes `editing`'s address and events. */
export type WebhookFormTarget = { mode: 'create' } | { mode: 'edit'; webhook: Webhook };

/**
 * Adding an endpoint (its address and the events it receives), then its signing secret shown once;
 * or changing an endpoint's address and events. Closing returns the focus to what opened it.
 */
export function WebhookFormModal({
  target,
  onClose,
  workspaceId,
}: {
  target: WebhookFormTarget;
  onClose: () => void;
  workspaceId: string;
}) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<string | null>(null);
  const editing = target.mode === 'edit' ? target.webhook : null;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        secret
          ? t('apiSettings.webhooks.secret.title')
          : t(editing ? 'apiSettings.webhooks.form.editTitle' : 'apiSettings.webhooks.form.title')
      }
      description={secret ? t('apiSettings.webhooks.secret.text') : t('apiSettings.webhooks.form.text')}
      closeLabel={t('common.close')}
      keepOnOutsideClick={secret !== null}
    >
      {secret ? (
        <SecretOnce
          value={secret}
          label={t('apiSettings.webhooks.secret.label')}
          warning={t('apiSettings.webhooks.secret.once')}
          doneLabel={t('apiSettings.webhooks.secret.done')}
          onDone={onClose}
        />
      ) : (
        <WebhookForm workspaceId={workspaceId} editing={editing} onCreated={setSecret} onSaved={onClose} />
      )}
    </Modal>
  );
}

/** Why the server refused the address, in the person's language: it names the field it refused. */
const refusedUrl = (error: unknown) =>
  isApiError(error) &&
  error.code === 'VALIDATION_FAILED' &&
  error.issues?.some((issue) => issue.path === 'url');

function WebhookForm({
  workspaceId,
  editing,
  onCreated,
  onSaved,
}: {
  workspaceId: string;
  editing: Webhook | null;
  onCreated: (secret: string) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook(workspaceId);
  const update = useUpdateWebhook(workspaceId);
  const once = useCreateOnce();
  const [url, setUrl] = useState(editing?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(editing?.events ?? []);
  const [urlProblem, setUrlProblem] = useState<Problem | null>(null);
  const [problem, setProblem] = useState<Problem | 'tooMany' | null>(null);
  const pending = create.isPending || update.isPending;
  const trimmed = url.trim();
  const ready = trimmed !== '' && events.length > 0;

  const checkUrl = (): Problem | null =>
    trimmed === ''
      ? { key: 'validation.required' }
      : createWebhookBodySchema.shape.url.safeParse(trimmed).success
        ? null
        : { key: 'apiSettings.webhooks.form.urlInvalid' };

  const failed = (error: unknown) => {
    if (refusedUrl(error)) setUrlProblem({ key: 'apiSettings.webhooks.form.urlRefused' });
    else if (isApiError(error) && error.status === 409) setProblem('tooMany');
    else setProblem({ error, fallbackKey: 'apiSettings.webhooks.form.failed' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const badUrl = checkUrl();
    setUrlProblem(badUrl);
    if (badUrl || events.length === 0) return;
    setProblem(null);
    if (editing) {
      update.mutate(
        { id: editing.id, body: { url: trimmed, events } },
        {
          onSuccess: () => {
            toast.success(t('apiSettings.webhooks.form.saved'));
            onSaved();
          },
          onError: failed,
        },
      );
      return;
    }
    if (once.start() === null) return;
    create.mutate(
      { url: trimmed, events },
      {
        onSuccess: (created) => {
          once.settle(true);
          onCreated(created.secret);
        },
        onError: (error) => {
          once.settle(false);
          failed(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Input
        label={t('apiSettings.webhooks.form.url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        value={url}
        maxLength={WEBHOOK_URL_MAX_LENGTH}
        placeholder="https://"
        disabled={pending}
        onChange={(event) => {
          setUrl(event.target.value);
          if (urlProblem) setUrlProblem(null);
        }}
        onBlur={() => trimmed && setUrlProblem(checkUrl())}
        hint={t('apiSettings.webhooks.form.urlHint')}
        error={problemText(t, urlProblem)}
      />
      <ChoiceFieldset
        legend={t('apiSettings.webhooks.form.events')}
        options={webhookEvents}
        labelOf={(each) => t(`apiSettings.events.${eventKey(each)}`)}
        helpOf={(each) => each}
        value={events}
        onChange={setEvents}
        disabled={pending}
        error={null}
      />
      {problem && (
        <p role="alert" className="text-[13px] text-danger">
          {problem === 'tooMany'
            ? t('apiSettings.webhooks.form.tooMany', { max: WEBHOOKS_PER_WORKSPACE })
            : problemText(t, problem)}
        </p>
      )}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <ModalClose asChild>
          <Button variant="secondary" disabled={pending}>
            {t('common.cancel')}
          </Button>
        </ModalClose>
        <Button type="submit" loading={pending} disabled={!ready}>
          {t(editing ? 'apiSettings.webhooks.form.save' : 'apiSettings.webhooks.form.submit')}
        </Button>
      </div>
    </form>
  );
}
