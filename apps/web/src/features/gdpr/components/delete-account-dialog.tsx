import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDeletionPlan, OwnedWorkspaceDecision } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { problemText, type Problem } from '@/lib/error-message';
import { useDeleteAccount, useDeletionPlan, useRequestDeletionCode } from '../api/gdpr-api';

type OwnedWorkspace = AccountDeletionPlan['ownedWorkspaces'][number];
/** A choice in a workspace's select: `delete`, or `transfer:<member id>`; empty until chosen. */
type Choice = string;

const personName = (person: OwnedWorkspace['members'][number]) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;

function decisionsFrom(plan: AccountDeletionPlan, choices: Record<string, Choice>): OwnedWorkspaceDecision[] {
  return plan.ownedWorkspaces
    .filter((workspace) => workspace.members.length > 0)
    .map((workspace) => {
      const choice = choices[workspace.id] ?? '';
      return choice.startsWith('transfer:')
        ? { workspaceId: workspace.id, action: 'transfer', newOwnerId: choice.slice('transfer:'.length) }
        : { workspaceId: workspace.id, action: 'delete' };
    });
}

function WorkspaceChoice({
  workspace,
  choice,
  showMissing,
  onChange,
}: {
  workspace: OwnedWorkspace;
  choice: Choice;
  showMissing: boolean;
  onChange: (choice: Choice) => void;
}) {
  const { t } = useTranslation();
  if (workspace.members.length === 0) {
    return (
      <li className="rounded-lg border border-border p-3 text-sm break-words">
        <span className="font-medium">{workspace.name}</span>
        <p className="text-text-muted">{t('gdpr.account.aloneDeleted')}</p>
      </li>
    );
  }
  return (
    <li className="rounded-lg border border-border p-3">
      <SelectField
        label={workspace.name}
        value={choice}
        emptyOption={t('gdpr.account.choose')}
        required
        error={showMissing && !choice ? t('gdpr.account.chooseMissing') : null}
        options={[
          ...workspace.members.map((member) => ({
            value: `transfer:${member.id}`,
            label: t('gdpr.account.handOver', { name: personName(member) }),
          })),
          { value: 'delete', label: t('gdpr.account.deleteWorkspace') },
        ]}
        onChange={onChange}
      />
    </li>
  );
}

/**
 * Deleting one's account in two steps (docs/product.md, "Your data"): first what goes and, for each
 * workspace the person owns with members, a hand-over or its deletion; then the code mailed for it.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const plan = useDeletionPlan(open);
  const requestCode = useRequestDeletionCode();
  const deleteAccount = useDeleteAccount();
  const [step, setStep] = useState<'decide' | 'code'>('decide');
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [showMissing, setShowMissing] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setStep('decide');
      setChoices({});
      setShowMissing(false);
      setCode('');
      setProblem(null);
    }
  };

  const undecided = (plan.data?.ownedWorkspaces ?? []).some(
    (workspace) => workspace.members.length > 0 && !choices[workspace.id],
  );

  const sendCode = () => {
    setShowMissing(true);
    if (undecided || !plan.data) return;
    setProblem(null);
    requestCode.mutate(undefined, {
      onSuccess: () => setStep('code'),
      onError: (error) => setProblem({ error }),
    });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!plan.data) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem({ key: 'gdpr.account.codeInvalid' });
      return;
    }
    setProblem(null);
    deleteAccount.mutate(
      { code: code.trim(), workspaces: decisionsFrom(plan.data, choices) },
      { onSuccess: onDeleted, onError: (error) => setProblem({ error }) },
    );
  };

  const message = problemText(t, problem);

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('gdpr.account.dialogTitle')}
      description={step === 'decide' ? t('gdpr.account.warning') : t('gdpr.account.codeSent')}
      closeLabel={t('common.close')}
      footer={
        step === 'decide' ? (
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" loading={requestCode.isPending} disabled={!plan.data} onClick={sendCode}>
              {t('gdpr.account.sendCode')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              type="submit"
              form="delete-account-code"
              loading={deleteAccount.isPending}
            >
              {t('gdpr.account.confirm')}
            </Button>
          </>
        )
      }
    >
      {step === 'decide' && (
        <div className="flex flex-col gap-3">
          <ul className="list-disc pl-5 text-sm text-text-muted">
            <li>{t('gdpr.account.goes')}</li>
            <li>{t('gdpr.account.stays')}</li>
          </ul>
          {plan.isPending && <Spinner label={t('gdpr.account.loading')} />}
          {plan.isError && (
            <LoadError
              message={t('gdpr.account.loadFailed')}
              retryLabel={t('gdpr.retry')}
              retrying={plan.isFetching}
              onRetry={() => void plan.refetch()}
            />
          )}
          {plan.data && plan.data.ownedWorkspaces.length > 0 && (
            <>
              <p className="text-sm font-medium">{t('gdpr.account.ownedTitle')}</p>
              <ul className="flex flex-col gap-2">
                {plan.data.ownedWorkspaces.map((workspace) => (
                  <WorkspaceChoice
                    key={workspace.id}
                    workspace={workspace}
                    choice={choices[workspace.id] ?? ''}
                    showMissing={showMissing}
                    onChange={(choice) => setChoices((current) => ({ ...current, [workspace.id]: choice }))}
                  />
                ))}
              </ul>
            </>
          )}
          {message && (
            <p role="alert" className="text-[13px] text-danger">
              {message}
            </p>
          )}
        </div>
      )}
      {step === 'code' && (
        <form id="delete-account-code" onSubmit={confirm} noValidate className="flex flex-col gap-3">
          <Input
            label={t('gdpr.account.codeLabel')}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            onChange={(event) => setCode(event.target.value)}
            error={message}
          />
        </form>
      )}
    </Modal>
  );
}
