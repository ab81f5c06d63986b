import { useTranslation } from 'react-i18next';
import { auditActions, type AuditAction } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { noFilters, useAuditActors, type AuditFilters } from '../api/audit-log';

/**
 * Action, person and dates; each change applies at once, and "clear" comes back to the whole log.
 * The people are everyone the log names as having acted — former members and revoked keys too,
 * said as such — so what someone did stays findable after they left.
 */
export function FiltersBar({
  workspaceId,
  filters,
  onChange,
}: {
  workspaceId: string;
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const actors = useAuditActors(workspaceId);
  const people = (actors.data?.actors ?? []).map((actor) => ({
    value: actor.id,
    label: actor.former
      ? t(actor.kind === 'user' ? 'auditLog.filters.formerPerson' : 'auditLog.filters.revokedKey', {
          name: actor.label,
        })
      : actor.label,
  }));
  const set = (change: Partial<AuditFilters>) => onChange({ ...filters, ...change });
  const filtered = Object.values(filters).some((value) => value !== '');
  return (
    <fieldset className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]">
      <legend className="sr-only">{t('auditLog.filters.label')}</legend>
      <SelectField<AuditAction | ''>
        label={t('auditLog.filters.action')}
        value={filters.action}
        emptyOption={t('auditLog.filters.anyAction')}
        options={auditActions.map((action) => ({ value: action, label: t(`auditLog.actions.${action}`) }))}
        onChange={(action) => set({ action })}
      />
      <SelectField
        label={t('auditLog.filters.person')}
        value={filters.actor}
        emptyOption={t('auditLog.filters.anyPerson')}
        options={people}
        onChange={(actor) => set({ actor })}
      />
      <Input
        type="date"
        label={t('auditLog.filters.from')}
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => set({ from: event.target.value })}
      />
      <Input
        type="date"
        label={t('auditLog.filters.to')}
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => set({ to: event.target.value })}
      />
      <Button variant="ghost" disabled={!filtered} onClick={() => onChange(noFilters)}>
        {t('auditLog.filters.clear')}
      </Button>
    </fieldset>
  );
}
