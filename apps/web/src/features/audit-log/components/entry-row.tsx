import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AUDIT_FORMER_MEMBER_LABEL, type AuditEntry } from '@redacta/shared';
import { shortDate, shortTime } from '@/lib/format-date';

/** A name the log gives, in the reader's words where it is a deleted account's ("Former member"). */
const nameText = (t: TFunction, name: string) =>
  name === AUDIT_FORMER_MEMBER_LABEL ? t('auditLog.formerMember') : name;

/** A before or after value as a person reads it: yes/no, lists joined, dates written out. */
function valueText(t: TFunction, value: unknown): string {
  if (value === null || value === undefined) return t('auditLog.none');
  if (value === AUDIT_FORMER_MEMBER_LABEL) return nameText(t, value);
  if (typeof value === 'boolean') return value ? t('auditLog.yes') : t('auditLog.no');
  if (Array.isArray(value)) return value.map((item) => valueText(t, item)).join(', ');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return shortDate(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "Shared: no → yes" for each field the change has, or "Method: Google" for a value alone. */
function changeLines(t: TFunction, entry: AuditEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((key) => {
    const field = t(`auditLog.fields.${key}`, { defaultValue: key });
    // How someone signed in reads as its name ("E-mail code", "Google"), not as the API's word.
    const text = (value: unknown) =>
      key === 'method' && typeof value === 'string'
        ? t(`auditLog.methods.${value}`, { defaultValue: value })
        : valueText(t, value);
    if (key in before && key in after) {
      return t('auditLog.change', { field, before: text(before[key]), after: text(after[key]) });
    }
    return t('auditLog.value', { field, value: text(key in after ? after[key] : before[key]) });
  });
}

/** One entry: what happened to what, who did it, when, from where and with which browser. */
export const EntryRow = forwardRef<HTMLLIElement, { entry: AuditEntry }>(function EntryRow({ entry }, ref) {
  const { t } = useTranslation();
  const changes = changeLines(t, entry);
  return (
    <li
      ref={ref}
      tabIndex={-1}
      className="flex flex-col gap-1 p-4 outline-none focus-visible:bg-surface-muted"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium">
          {t(`auditLog.actions.${entry.action}`, { defaultValue: entry.action })}
          {entry.target.label && (
            <span className="break-all font-normal text-text-muted">
              {' '}
              · {nameText(t, entry.target.label)}
            </span>
          )}
        </p>
        <time dateTime={entry.at} className="shrink-0 text-xs text-text-muted">
          {shortDate(entry.at)} {shortTime(entry.at)}
        </time>
      </div>
      <p className="min-w-0 break-words text-[13px] text-text-muted">
        {t('auditLog.by', { actor: nameText(t, entry.actor) })} ·{' '}
        {entry.ip ? t('auditLog.from', { ip: entry.ip }) : t('auditLog.unknownAddress')}
        {entry.userAgent && (
          <span className="block truncate" title={entry.userAgent}>
            {entry.userAgent}
          </span>
        )}
      </p>
      {changes.length > 0 && (
        <ul className="flex flex-col text-[13px]">
          {changes.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});
