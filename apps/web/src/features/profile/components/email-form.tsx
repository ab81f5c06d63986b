import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { isValidEmail } from '@redacta/shared/rules/email';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { problemText, type Problem } from '@/lib/error-message';
import { useChangeEmail } from '../api/use-change-email';

/**
 * E-mail change in two steps: the new address gets a code, the code confirms the change.
 * `onTyped` hears whether an address is typed and not yet changed, which leaving the page would lose.
 */
export function EmailForm({
  currentEmail,
  onTyped,
}: {
  currentEmail: string;
  onTyped?: (typed: boolean) => void;
}) {
  const { t } = useTranslation();
  const changeEmail = useChangeEmail();
  const [email, setEmail] = useState('');
  useEffect(() => onTyped?.(email.trim() !== ''), [email, onTyped]);
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'address' | 'code'>('address');
  const [problem, setProblem] = useState<Problem | null>(null);
  const error = problemText(t, problem);

  const fail = (failure: unknown) => setProblem({ error: failure });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const address = email.trim();
    if (step === 'address') {
      if (!isValidEmail(address)) return setProblem({ key: 'validation.email' });
      if (address.toLowerCase() === currentEmail.toLowerCase())
        return setProblem({ key: 'errors.EMAIL_UNCHANGED' });
      changeEmail.mutate({ email: address }, { onSuccess: () => setStep('code'), onError: fail });
      return;
    }
    if (!/^\d{6}$/.test(code)) return setProblem({ key: 'validation.code' });
    changeEmail.mutate(
      { email: address, code },
      {
        onSuccess: () => {
          toast.success(t('toasts.emailChanged'));
          setStep('address');
          setEmail('');
          setCode('');
        },
        onError: fail,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-[13px] text-text-muted">{t('profile.currentEmail', { email: currentEmail })}</p>
      <Input
        label={t('profile.newEmail')}
        type="email"
        autoComplete="email"
        value={email}
        disabled={step === 'code' || changeEmail.isPending}
        onChange={(event) => setEmail(event.target.value)}
        error={step === 'address' ? error : null}
      />
      {step === 'code' && (
        <Input
          label={t('login.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          autoFocus
          hint={t('profile.codeSent', { email: email.trim() })}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          error={error}
        />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {step === 'code' && (
          <Button
            variant="secondary"
            onClick={() => {
              setStep('address');
              setCode('');
              setProblem(null);
            }}
          >
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" loading={changeEmail.isPending}>
          {step === 'address' ? t('profile.sendCode') : t('profile.confirmEmail')}
        </Button>
      </div>
    </form>
  );
}
