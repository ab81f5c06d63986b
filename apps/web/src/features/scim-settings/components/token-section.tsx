import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import type { ScimToken } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { shortDate } from '@/lib/format-date';
import { useCreateScimToken, useRevokeScimToken } from '../api/scim';
import { NewTokenModal } from './new-token-modal';

/** A fact about the token: its label and its value. */
function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex gap-1.5 sm:flex-col sm:gap-0">
      <dt className="text-text-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The workspace's SCIM token: none yet (make one), or the one in use with when it was made and last
 * used, rotate (a new one; the old one stops at once) and revoke, each after a confirmation. A new
 * token is shown once, in a dialog.
 */
export function TokenSection({ workspaceId, token }: { workspaceId: string; token: ScimToken | null }) {
  const { t } = useTranslation();
  const create = useCreateScimToken(workspaceId);
  const revoke = useRevokeScimToken(workspaceId);
  const [shown, setShown] = useState<string | null>(null);
  const [asking, setAsking] = useState<'rotate' | 'revoke' | null>(null);
  // A token is made by a button that is busy (so unfocused) meanwhile, or that leaves with the empty
  // state: once the token is put away, the focus goes to the card's first action.
  const rotateButton = useRef<HTMLButtonElement>(null);

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setAsking(null);
        setShown(created.token);
      },
      onError: (error) =>
        toast.error(errorMessage(t, error, { fallbackKey: 'scimSettings.token.createFailed' })),
    });

  const confirmRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setAsking(null);
        toast.success(t('scimSettings.token.revoke.done'));
      },
      onError: (error) =>
        toast.error(errorMessage(t, error, { fallbackKey: 'scimSettings.token.revoke.failed' })),
    });

  return (
    <SettingsSection
      id="scim-token"
      title={t('scimSettings.token.title')}
      description={t('scimSettings.token.help')}
    >
      {token ? (
        <div className="flex flex-col gap-4 rounded-xl border border-border p-4" data-testid="scim-token">
          <div className="flex flex-wrap items-center gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-text-muted">
              <KeyRound className="size-4" aria-hidden />
            </span>
            <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-text-muted">
              {token.prefix}…
            </code>
          </div>
          <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2">
            <Fact label={t('scimSettings.token.created')}>{shortDate(token.createdAt)}</Fact>
            <Fact label={t('scimSettings.token.lastUsed')}>
              {token.lastUsedAt ? shortDate(token.lastUsedAt) : t('scimSettings.token.neverUsed')}
            </Fact>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button
              ref={rotateButton}
              variant="secondary"
              icon={<RefreshCw className="size-4" aria-hidden />}
              onClick={() => setAsking('rotate')}
            >
              {t('scimSettings.token.rotate.action')}
            </Button>
            <Button
              variant="ghost"
              icon={<Trash2 className="size-4" aria-hidden />}
              onClick={() => setAsking('revoke')}
            >
              {t('scimSettings.token.revoke.action')}
            </Button>
          </div>
        </div>
      ) : (
        <EmptyState
          icon={<KeyRound className="size-5" aria-hidden />}
          title={t('scimSettings.token.emptyTitle')}
          text={t('scimSettings.token.emptyText')}
          action={
            <Button loading={create.isPending} onClick={make}>
              {t('scimSettings.token.create')}
            </Button>
          }
        />
      )}
      {asking === 'rotate' && (
        <ConfirmDialog
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={t('scimSettings.token.rotate.title')}
          description={t('scimSettings.token.rotate.text')}
          confirmLabel={t('scimSettings.token.rotate.confirm')}
          pending={create.isPending}
          onConfirm={make}
        />
      )}
      {asking === 'revoke' && (
        <ConfirmDialog
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={t('scimSettings.token.revoke.title')}
          description={t('scimSettings.token.revoke.text')}
          confirmLabel={t('scimSettings.token.revoke.confirm')}
          pending={revoke.isPending}
          onConfirm={confirmRevoke}
        />
      )}
      <NewTokenModal
        token={shown}
        onClose={() => setShown(null)}
        returnFocusTo={() => rotateButton.current}
      />
    </SettingsSection>
  );
}
