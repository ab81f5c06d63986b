import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Sparkles } from 'lucide-react';
import type { Workspace } from '@redacta/shared';
import { isValidEmail } from '@redacta/shared/rules/email';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Input } from '@/components/ui/input';
import { Button, buttonClasses } from '@/components/ui/button';
import { problemText, type Problem } from '@/lib/error-message';
import { ShareNowList } from '@/features/projects';
import { useSession } from '@/features/session';
import { useInvite } from '../api/use-invite';
import { usePendingInvitations } from '../api/use-team';

export interface InviteModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspace: Workspace;
}

/**
 * Invites one person by e-mail. The send button waits for an address the product accepts
 * (`isValidEmail`) and sends once however often it is clicked (the server also answers a repeat
 * within a minute as the first, without a second mail); the server's refusal (no seats left, already a
 * member, a free plan) shows under the field in the user's language. A free workspace cannot invite:
 * the modal says so and points to the plans instead of showing the form.
 *
 * The owner's first invitation (no member and no pending invitation before it) ends on a step of its
 * own: projects are private until shared, so the newcomer would find an empty list; the step says so
 * and offers the owner's private projects to share at once.
 */
export function InviteModal({ open, onOpenChange, workspace }: InviteModalProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const paid = workspace.isPro || workspace.isEnterprise;
  const [firstSentTo, setFirstSentTo] = useState<string | null>(null);
  const changeOpen = (next: boolean) => {
    if (!next) setFirstSentTo(null);
    onOpenChange(next);
  };
  const close = () => changeOpen(false);
  const description = firstSentTo
    ? t('team.firstInviteSent', { email: firstSentTo })
    : paid
      ? t('team.inviteDescription', { workspace: workspace.name })
      : t('errors.PLAN_REQUIRED');
  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title={t('team.inviteTitle')}
      description={description}
      closeLabel={t('common.close')}
    >
      {firstSentTo && user ? (
        <FirstInviteStep workspaceId={workspace.id} userId={user.id} onDone={close} />
      ) : paid ? (
        // Mounted while open: a new opening starts with an empty field.
        open && <InviteForm workspace={workspace} onDone={close} onFirstSent={setFirstSentTo} />
      ) : (
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <ModalClose asChild>
            <Button variant="secondary">{t('common.close')}</Button>
          </ModalClose>
          <Link to="/subscription" onClick={close} className={buttonClasses('primary', 'md')}>
            <Sparkles className="size-4" aria-hidden />
            {t('team.seePlans')}
          </Link>
        </div>
      )}
    </Modal>
  );
}

/** After the first invitation: private until shared, and the owner's private projects to share now. */
function FirstInviteStep(props: { workspaceId: string; userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const step = useRef<HTMLDivElement>(null);
  // The field that had the focus is gone: the step takes it, so it is read out and Tab starts here.
  useEffect(() => step.current?.focus(), []);
  return (
    <div ref={step} tabIndex={-1} className="flex flex-col gap-4 outline-none">
      <p className="text-sm text-text">{t('team.firstInvitePrivate')}</p>
      <ShareNowList {...props} />
    </div>
  );
}

function InviteForm({
  workspace,
  onDone,
  onFirstSent,
}: {
  workspace: Workspace;
  onDone: () => void;
  onFirstSent: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const invite = useInvite(workspace.id);
  const pending = usePendingInvitations(workspace.id);
  // Known before sending: once sent, the lists reload with this invitation in them.
  const first =
    user?.id === workspace.ownerId && workspace.invitedUsers.length === 0 && pending.data?.length === 0;
  const sending = useRef(false);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const trimmed = email.trim();
  const valid = isValidEmail(trimmed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setProblem({ key: trimmed ? 'validation.email' : 'validation.required' });
      return;
    }
    // The second click of a double click comes before the button re-renders as disabled.
    if (sending.current) return;
    sending.current = true;
    invite.mutate(trimmed, {
      onSuccess: ({ resent }) => {
        // The first invitation's step says it was sent itself (a toast behind the open modal is
        // hidden from assistive technology).
        if (first && !resent) return onFirstSent(trimmed);
        toast.success(t(resent ? 'team.inviteResent' : 'team.invited'));
        onDone();
      },
      onError: (error) => setProblem({ error }),
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Input
        label={t('team.inviteEmail')}
        type="email"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        value={email}
        placeholder={t('team.inviteEmailPlaceholder')}
        disabled={invite.isPending}
        onChange={(event) => {
          setEmail(event.target.value);
          if (problem) setProblem(null);
        }}
        onBlur={() => trimmed && !valid && setProblem({ key: 'validation.email' })}
        error={problemText(t, problem)}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <ModalClose asChild>
          <Button variant="secondary" disabled={invite.isPending}>
            {t('common.cancel')}
          </Button>
        </ModalClose>
        <Button type="submit" loading={invite.isPending} disabled={!valid}>
          {t('team.sendInvitation')}
        </Button>
      </div>
    </form>
  );
}
