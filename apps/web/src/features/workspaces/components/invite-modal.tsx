import { useRef, useState, type FormEvent } from 'react';
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
import { useInvite } from '../api/use-invite';

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
 */
export function InviteModal({ open, onOpenChange, workspace }: InviteModalProps) {
  const { t } = useTranslation();
  const paid = workspace.isPro || workspace.isEnterprise;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('team.inviteTitle')}
      description={
        paid ? t('team.inviteDescription', { workspace: workspace.name }) : t('errors.PLAN_REQUIRED')
      }
      closeLabel={t('common.close')}
    >
      {paid ? (
        // Mounted while open: a new opening starts with an empty field.
        open && <InviteForm workspace={workspace} onDone={() => onOpenChange(false)} />
      ) : (
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <ModalClose asChild>
            <Button variant="secondary">{t('common.close')}</Button>
          </ModalClose>
          <Link
            to="/subscription"
            onClick={() => onOpenChange(false)}
            className={buttonClasses('primary', 'md')}
          >
            <Sparkles className="size-4" aria-hidden />
            {t('team.seePlans')}
          </Link>
        </div>
      )}
    </Modal>
  );
}

function InviteForm({ workspace, onDone }: { workspace: Workspace; onDone: () => void }) {
  const { t } = useTranslation();
  const invite = useInvite(workspace.id);
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
