import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEYS_PER_WORKSPACE,
  apiKeyScopes,
  isStorableText,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@redacta/shared';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { problemText, type Problem } from '@/lib/error-message';
import { useCreateOnce } from '@/lib/use-create-once';
import { useCreateApiKey } from '../api/api-keys';
import { SecretOnce } from './secret-once';
import { endOfLocalDay, localDay } from './expiry';
import { ChoiceFieldset } from './choice-fieldset';

type Created = CreatedApiKey & { name: string };

/**
 * Making a key, then showing it: the form (name, scopes, an optional last day), and once made the
 * whole key with a copy button and the warning that it is never shown again. Closing returns the
 * focus to the button that opened it.
 */
export function CreateKeyModal({
  open,
  onOpenChange,
  workspaceId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspaceId: string;
}) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Created | null>(null);
  const changeOpen = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title={created ? t('apiSettings.keys.new.title') : t('apiSettings.keys.form.title')}
      description={
        created ? t('apiSettings.keys.new.text', { name: created.name }) : t('apiSettings.keys.form.text')
      }
      closeLabel={t('common.close')}
      keepOnOutsideClick={created !== null}
    >
      {created ? (
        <SecretOnce
          value={created.key}
          label={t('apiSettings.keys.new.label')}
          warning={t('apiSettings.keys.new.once')}
          doneLabel={t('apiSettings.keys.new.done')}
          onDone={() => changeOpen(false)}
        />
      ) : (
        // Mounted while open: a new opening starts from an empty form.
        open && <CreateKeyForm workspaceId={workspaceId} onCreated={setCreated} />
      )}
    </Modal>
  );
}

function CreateKeyForm({
  workspaceId,
  onCreated,
}: {
  workspaceId: string;
  onCreated: (created: Created) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey(workspaceId);
  const once = useCreateOnce();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [expiresOn, setExpiresOn] = useState('');
  const [nameProblem, setNameProblem] = useState<Problem | null>(null);
  const [expiryProblem, setExpiryProblem] = useState<Problem | null>(null);
  // The workspace's keys are at their limit: said with the limit and what to do.
  const [problem, setProblem] = useState<Problem | 'tooMany' | null>(null);
  const today = localDay(new Date());
  const trimmed = name.trim();
  const ready = trimmed !== '' && scopes.length > 0;

  const checkName = (): Problem | null =>
    trimmed === ''
      ? { key: 'validation.required' }
      : isStorableText(trimmed)
        ? null
        : { key: 'apiSettings.keys.form.nameUnstorable' };
  // A typed day may be earlier than the picker's first one; the server refuses a time past.
  const checkExpiry = (): Problem | null =>
    expiresOn !== '' && expiresOn < today ? { key: 'apiSettings.keys.form.expiryPast' } : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const badName = checkName();
    const badExpiry = checkExpiry();
    setNameProblem(badName);
    setExpiryProblem(badExpiry);
    if (badName || badExpiry || scopes.length === 0) return;
    if (once.start() === null) return;
    setProblem(null);
    create.mutate(
      { name: trimmed, scopes, ...(expiresOn ? { expiresAt: endOfLocalDay(expiresOn) } : {}) },
      {
        onSuccess: (created) => {
          once.settle(true);
          onCreated({ ...created, name: trimmed });
        },
        onError: (error) => {
          once.settle(false);
          setProblem(
            isApiError(error) && error.status === 409
              ? 'tooMany'
              : { error, fallbackKey: 'apiSettings.keys.form.failed' },
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Input
        label={t('apiSettings.keys.form.name')}
        autoFocus
        autoComplete="off"
        value={name}
        maxLength={API_KEY_NAME_MAX_LENGTH}
        placeholder={t('apiSettings.keys.form.namePlaceholder')}
        disabled={create.isPending}
        onChange={(event) => {
          setName(event.target.value);
          if (nameProblem) setNameProblem(null);
        }}
        onBlur={() => setNameProblem(checkName())}
        error={problemText(t, nameProblem)}
      />
      <ChoiceFieldset
        legend={t('apiSettings.keys.form.scopes')}
        options={apiKeyScopes}
        labelOf={(scope) => t(`apiSettings.scopes.${scope}`)}
        helpOf={(scope) => t(`apiSettings.scopes.${scope}Help`)}
        value={scopes}
        onChange={setScopes}
        disabled={create.isPending}
        error={scopes.length === 0 ? t('apiSettings.keys.form.scopesRequired') : null}
      />
      <Input
        label={t('apiSettings.keys.form.expiry')}
        type="date"
        min={today}
        value={expiresOn}
        disabled={create.isPending}
        onChange={(event) => {
          setExpiresOn(event.target.value);
          if (expiryProblem) setExpiryProblem(null);
        }}
        onBlur={() => setExpiryProblem(checkExpiry())}
        hint={t('apiSettings.keys.form.expiryHint')}
        error={problemText(t, expiryProblem)}
        className="w-auto"
      />
      {problem && (
        <p role="alert" className="text-[13px] text-danger">
          {problem === 'tooMany'
            ? t('apiSettings.keys.form.tooMany', { max: API_KEYS_PER_WORKSPACE })
            : problemText(t, problem)}
        </p>
      )}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <ModalClose asChild>
          <Button variant="secondary" disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
        </ModalClose>
        <Button type="submit" loading={create.isPending} disabled={!ready}>
          {t('apiSettings.keys.form.submit')}
        </Button>
      </div>
    </form>
  );
}
