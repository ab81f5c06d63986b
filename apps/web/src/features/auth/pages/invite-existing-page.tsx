import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyRound, MailOpen } from 'lucide-react';
import type { InvitationPreview } from '@redacta/shared';
import { INVITATION_TOKEN_PATTERN } from '@redacta/shared/rules/invitation-token';
import { useOptionalSession } from '@/features/session';
import {
  ClosedInvitation,
  InvitationPanel,
  JoinStep,
  MismatchStep,
  NameStep,
  useInvitationPreview,
  useJoinWorkspace,
} from '@/features/invitations';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { problemText, type Problem } from '@/lib/error-message';
import { currentLocale } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLogin } from '../api/use-login';
import { useStartEmailLogin } from '../api/use-start-email-login';
import { AuthShell } from '../components/auth-shell';
import { CodeDialog } from '../components/code-dialog';

/**
 * The link of an invitation e-mail (`/invite/existing?token=…`), outside the layout and the session
 * wrapper. It previews the invitation, then: signed in as the invited address, joins the workspace
 * and opens /chat there; signed in as someone else, offers to sign out and go on; signed out, signs in
 * (or up) with a code mailed to the invited address, asks a new account its name, and joins. An
 * expired, revoked, used or unknown invitation gets a page that says so.
 */
export default function InviteExistingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.tab'));
  const [params] = useSearchParams();
  const rawToken = params.get('token') ?? '';
  const token = INVITATION_TOKEN_PATTERN.test(rawToken) ? rawToken : '';
  const preview = useInvitationPreview(token);

  let content;
  if (!token) content = <ClosedInvitation reason="unknown" />;
  else if (preview.isPending) content = <Checking />;
  else if (preview.isError) {
    const status = isApiError(preview.error) ? preview.error.status : 0;
    content =
      status === 404 || status === 400 ? (
        <ClosedInvitation reason="unknown" />
      ) : (
        <LoadError
          message={t('invitation.loadFailed')}
          retryLabel={t('invitation.retry')}
          retrying={preview.isRefetching}
          onRetry={() => void preview.refetch()}
        />
      );
  } else if (preview.data.state !== 'pending')
    content = (
      <ClosedInvitation
        reason={preview.data.state}
        inviterName={preview.data.inviterName}
        workspaceName={preview.data.workspaceName}
      />
    );
  else content = <PendingInvitation token={token} preview={preview.data} />;

  return <AuthShell>{content}</AuthShell>;
}

function Checking() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center gap-3 py-12 text-text-muted">
      <Spinner className="size-5 text-primary" />
      <span role="status">{t('invitation.checking')}</span>
    </div>
  );
}

function PendingInvitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { t } = useTranslation();
  const session = useOptionalSession();
  const { join, joining, failure } = useJoinWorkspace(token, preview.workspaceName);
  // Signing in (or giving a name) on this page is already the wish to join: once the session has a
  // named user with the invited address, joining follows without a second click. The steps that
  // collect it are gone by then (the session changed under them), so the page keeps the wish.
  const [wantsToJoin, setWantsToJoin] = useState(false);
  const user = session.state === 'signed-in' ? session.user : null;
  const matches = user !== null && user.email.toLowerCase() === preview.email.toLowerCase();
  const named = Boolean(user?.firstName?.trim());
  const joinedOnce = useRef(false);
  useEffect(() => {
    if (!wantsToJoin || !matches || !named || joinedOnce.current) return;
    joinedOnce.current = true;
    join();
  }, [wantsToJoin, matches, named, join]);

  if (failure?.kind === 'closed')
    return (
      <ClosedInvitation
        reason={failure.reason}
        inviterName={preview.inviterName}
        workspaceName={preview.workspaceName}
      />
    );
  if (session.state === 'checking') return <Checking />;
  if (!user) return <SignInStep preview={preview} onVerifying={() => setWantsToJoin(true)} />;
  if (failure?.kind === 'mismatch' || !matches)
    return <MismatchStep preview={preview} currentEmail={user.email} />;
  if (!named)
    return (
      <NameStep user={user} workspaceName={preview.workspaceName} onSubmitted={() => setWantsToJoin(true)} />
    );
  return (
    <JoinStep
      preview={preview}
      joining={joining || (wantsToJoin && !failure)}
      error={failure?.kind === 'error' ? problemText(t, failure.problem) : null}
      onJoin={join}
    />
  );
}

/**
 * Signed out: the invitation names the address, so signing in (or up) is one button that mails a code
 * to it, then the sign-in page's code dialog. `onVerifying` runs as a code is sent for checking.
 */
function SignInStep({ preview, onVerifying }: { preview: InvitationPreview; onVerifying: () => void }) {
  const { t } = useTranslation();
  const start = useStartEmailLogin();
  const login = useLogin();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [codeProblem, setCodeProblem] = useState<Problem | null>(null);

  const sendCode = (onSent?: () => void) =>
    start.mutate(
      { email: preview.email, locale: currentLocale() },
      {
        onSuccess: () => {
          setProblem(null);
          setCodeProblem(null);
          onSent?.();
        },
        onError: (error) => (dialogOpen ? setCodeProblem : setProblem)({ error, passThrough: true }),
      },
    );

  return (
    <InvitationPanel
      icon={<MailOpen className="size-6" aria-hidden />}
      title={t('invitation.title', { inviter: preview.inviterName, workspace: preview.workspaceName })}
    >
      <p className="text-text-muted">{t('invitation.signInText', { email: preview.email })}</p>
      {problem && (
        <p role="alert" className="text-[13px] text-danger">
          {problemText(t, problem)}
        </p>
      )}
      <Button
        size="lg"
        className="w-full"
        icon={<KeyRound className="size-4" aria-hidden />}
        loading={start.isPending && !dialogOpen}
        onClick={() => sendCode(() => setDialogOpen(true))}
      >
        {t('invitation.sendCode')}
      </Button>
      <CodeDialog
        open={dialogOpen}
        email={preview.email}
        verifying={login.isPending}
        resending={start.isPending && dialogOpen}
        error={problemText(t, codeProblem)}
        onVerify={(code) => {
          setCodeProblem(null);
          onVerifying();
          // On success the session changes and this step gives way to the next one.
          login.mutate(
            { method: 'email', email: preview.email, code },
            { onError: (error) => setCodeProblem({ error, passThrough: true }) },
          );
        }}
        onResend={() => sendCode()}
        onOpenChange={(open) => {
          setDialogOpen(open);
          if (!open) setCodeProblem(null);
        }}
      />
    </InvitationPanel>
  );
}
