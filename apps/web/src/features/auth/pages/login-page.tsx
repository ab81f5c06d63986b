import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isValidEmail, looksLikePhoneNumber } from '@redacta/shared/rules/email';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { problemText, type Problem } from '@/lib/error-message';
import { isApiError } from '@/lib/api-error';
import { takeAfterSignIn } from '@/lib/storage';
import { currentLocale } from '@/lib/i18n';
import type { LoginResponse } from '@redacta/shared';
import { useStartEmailLogin } from '../api/use-start-email-login';
import { useLogin } from '../api/use-login';
import { CodeDialogLoading, LazyCodeDialog, preloadCodeDialog } from '../components/lazy-code-dialog';
import { SocialButtons } from '../components/social-buttons';
import { AuthShell } from '../components/auth-shell';

/**
 * Sign-in: social buttons, e-mail → code in a modal. Opened from the e-mail link
 * (`?email=…&code=…`) it signs in directly; `?error=CODE` shows an OAuth failure.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.tab'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [emailError, setEmailError] = useState<Problem | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The code dialog's chunk (with the dialog primitives) is fetched once the dialog is first asked for.
  const [dialogRequested, setDialogRequested] = useState(false);
  if (dialogOpen && !dialogRequested) setDialogRequested(true);
  const [codeError, setCodeError] = useState<Problem | null>(null);
  const start = useStartEmailLogin();
  const login = useLogin();
  const oauthError = params.get('error');
  // The e-mail code (or Google/Facebook) was refused because the address's organisation requires SSO.
  const ssoRequired =
    oauthError === 'SSO_REQUIRED' ||
    Boolean(
      emailError &&
      'error' in emailError &&
      isApiError(emailError.error) &&
      emailError.error.code === 'SSO_REQUIRED',
    );

  const finish = (result: LoginResponse) => {
    navigate(result.user.isRegistration ? '/welcome' : takeAfterSignIn('/chat'), { replace: true });
  };

  const verify = (address: string, code: string) => {
    setCodeError(null);
    login.mutate(
      { method: 'email', email: address, code },
      { onSuccess: finish, onError: (error) => setCodeError({ error, passThrough: true }) },
    );
  };

  // The link in the e-mail carries both: sign in straight away (once, even under StrictMode).
  const linkHandled = useRef(false);
  useEffect(() => {
    const linkEmail = params.get('email');
    const linkCode = params.get('code');
    if (linkHandled.current || !linkEmail || !linkCode) return;
    linkHandled.current = true;
    setDialogOpen(true);
    verify(linkEmail, linkCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const validate = (value: string): Problem | null => {
    const trimmed = value.trim();
    if (!trimmed) return { key: 'validation.required' };
    if (looksLikePhoneNumber(trimmed)) return { key: 'errors.PHONE_LOGIN_UNSUPPORTED' };
    if (!isValidEmail(trimmed)) return { key: 'validation.email' };
    return null;
  };

  const sendCode = (onSent?: () => void) => {
    start.mutate(
      { email: email.trim(), locale: currentLocale() },
      {
        onSuccess: () => {
          setCodeError(null);
          onSent?.();
        },
        onError: (error) => {
          const problem = { error, passThrough: true };
          if (dialogOpen) setCodeError(problem);
          else setEmailError(problem);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(email);
    setEmailError(problem);
    if (problem) return;
    preloadCodeDialog();
    sendCode(() => setDialogOpen(true));
  };

  /** Single sign-on: the server finds the workspace by the address's domain and sends the browser to its provider. */
  const continueWithSso = () => {
    const problem = validate(email);
    setEmailError(problem);
    if (problem) return;
    const query = new URLSearchParams({ email: email.trim(), locale: currentLocale() });
    window.location.assign(`/api/auth/sso/start?${query.toString()}`);
  };

  return (
    <AuthShell>
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('login.title')}</h1>
          <p className="mt-1 text-text-muted">{t('login.subtitle')}</p>
        </div>
        {oauthError && (
          <p
            role="alert"
            className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-[13px] text-danger"
          >
            {t(`errors.${oauthError}`, { defaultValue: t('errors.OAUTH_FAILED') })}
          </p>
        )}
        <SocialButtons />
        <div className="flex items-center gap-3 text-xs text-text-muted" aria-hidden>
          <span className="h-px flex-1 bg-border" />
          {t('login.or')}
          <span className="h-px flex-1 bg-border" />
        </div>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Input
            label={t('login.emailLabel')}
            type="text"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            value={email}
            placeholder={t('login.emailPlaceholder')}
            onChange={(event) => {
              setEmail(event.target.value);
              if (emailError) setEmailError(null);
            }}
            onBlur={() => email.trim() && setEmailError(validate(email))}
            error={problemText(t, emailError)}
          />
          <Button
            type="submit"
            size="lg"
            variant={ssoRequired ? 'secondary' : 'primary'}
            loading={start.isPending && !dialogOpen}
          >
            {t('login.continueWithEmail')}
          </Button>
          <Button
            type="button"
            size="lg"
            variant={ssoRequired ? 'primary' : 'secondary'}
            onClick={continueWithSso}
            aria-describedby="sso-hint"
          >
            {t('login.continueWithSso')}
          </Button>
          <p id="sso-hint" className="text-xs text-text-muted">
            {t('login.ssoHint')}
          </p>
        </form>
        <p className="text-xs leading-relaxed text-text-muted">
          {t('login.agreementStart')}{' '}
          <Link to="/terms" className="text-primary underline underline-offset-2 hover:decoration-2">
            {t('login.terms')}
          </Link>{' '}
          {t('login.agreementAnd')}{' '}
          <Link to="/privacy" className="text-primary underline underline-offset-2 hover:decoration-2">
            {t('login.privacy')}
          </Link>
          .
        </p>
      </div>
      {dialogRequested && (
        <Suspense fallback={<CodeDialogLoading label={t('common.loading')} />}>
          <LazyCodeDialog
            open={dialogOpen}
            email={email.trim() || (params.get('email') ?? '')}
            initialCode={params.get('code') ?? ''}
            verifying={login.isPending}
            resending={start.isPending && dialogOpen}
            error={problemText(t, codeError)}
            onVerify={(code) => verify(email.trim() || (params.get('email') ?? ''), code)}
            onResend={() => sendCode()}
            onOpenChange={(open) => {
              setDialogOpen(open);
              if (!open) setCodeError(null);
            }}
          />
        </Suspense>
      )}
    </AuthShell>
  );
}
