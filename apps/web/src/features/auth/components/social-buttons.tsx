import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '@redacta/shared';
import { buttonClasses } from '@/components/ui/button';
import { currentLocale } from '@/lib/i18n';
import { useAuthProviders } from '../api/use-auth-providers';
import { UnavailableProviderButton } from './unavailable-provider-button';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  );
}

/** Brand names, the same in every language. */
const providers: Array<{ id: OAuthProvider; name: string; Mark: () => React.JSX.Element }> = [
  { id: 'google', name: 'Google', Mark: GoogleMark },
  { id: 'facebook', name: 'Facebook', Mark: FacebookMark },
];

/**
 * Google and Facebook: links to the OAuth start when configured, otherwise buttons that do nothing
 * and say the server has no credentials for them.
 */
export function SocialButtons() {
  const { t } = useTranslation();
  const { data } = useAuthProviders();
  return (
    <div className="flex flex-col gap-2">
      {providers.map(({ id, name, Mark }) => {
        const label = t(`login.${id}`);
        if (data?.[id]) {
          return (
            <a
              key={id}
              href={`/api/auth/oauth/${id}?locale=${currentLocale()}`}
              className={buttonClasses('secondary', 'lg', 'w-full')}
            >
              <Mark />
              {label}
            </a>
          );
        }
        return (
          <UnavailableProviderButton
            key={id}
            label={label}
            reason={t('login.providerNotConfigured', { provider: name })}
            icon={<Mark />}
          />
        );
      })}
    </div>
  );
}
