import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';

export const RESEND_COOLDOWN_S = 30;

export interface CodeDialogProps {
  open: boolean;
  email: string;
  initialCode?: string;
  verifying: boolean;
  resending: boolean;
  error: string | null;
  onVerify: (code: string) => void;
  onResend: () => void;
  onOpenChange: (open: boolean) => void;
}

/** The code step, in a modal above everything else: signing in must never be covered. */
export function CodeDialog({
  open,
  email,
  initialCode = '',
  verifying,
  resending,
  error,
  onVerify,
  onResend,
  onOpenChange,
}: CodeDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    setCooldown(RESEND_COOLDOWN_S);
    timer.current = setInterval(() => setCooldown((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer.current);
  }, [open, email]);

  const valid = /^\d{6}$/.test(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !verifying) onVerify(code);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setCode('');
        onOpenChange(next);
      }}
      topmost
      title={t('login.codeTitle')}
      description={t('login.codeSent', { email })}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Input
          label={t('login.codeLabel')}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          placeholder="000000"
          className="h-12 text-center font-mono text-xl tracking-[0.5em]"
          error={error}
        />
        <Button type="submit" size="lg" loading={verifying} disabled={!valid}>
          {t('login.verify')}
        </Button>
        <div className="flex flex-wrap items-center justify-center gap-1 text-[13px] text-text-muted">
          <span>{t('login.noCode')}</span>
          <Button
            variant="ghost"
            size="sm"
            className="text-primary"
            loading={resending}
            disabled={cooldown > 0}
            onClick={() => {
              onResend();
              setCooldown(RESEND_COOLDOWN_S);
            }}
          >
            {cooldown > 0 ? t('login.resendIn', { seconds: cooldown }) : t('login.resend')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
