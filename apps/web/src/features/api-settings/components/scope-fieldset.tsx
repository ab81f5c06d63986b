import { useTranslation } from 'react-i18next';
import { apiKeyScopes, type ApiKeyScope } from '@redacta/shared';

/** The three scopes as checkboxes, each with what it lets a program do. */
export function ScopeFieldset({
  value,
  onChange,
  disabled,
  error,
}: {
  value: ApiKeyScope[];
  onChange: (scopes: ApiKeyScope[]) => void;
  disabled: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    // Kept in the contract's order, whatever order they were ticked in.
    onChange(apiKeyScopes.filter((each) => (each === scope ? on : value.includes(each))));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'scopes-error' : undefined}>
      <legend className="mb-1.5 text-[13px] font-medium text-text">{t('apiSettings.keys.form.scopes')}</legend>
      {apiKeyScopes.map((scope) => (
        <label
          key={scope}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-border px-3 py-2.5 hover:bg-surface-muted has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
        >
          <input
            type="checkbox"
            checked={value.includes(scope)}
            disabled={disabled}
            onChange={(event) => toggle(scope, event.target.checked)}
            aria-describedby={`scope-${scope}-help`}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
          />
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-medium">{t(`apiSettings.scopes.${scope}`)}</span>
            <span id={`scope-${scope}-help`} className="text-xs text-text-muted">
              {t(`apiSettings.scopes.${scope}Help`)}
            </span>
          </span>
        </label>
      ))}
      {error && (
        <p id="scopes-error" role="alert" className="text-[13px] text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
