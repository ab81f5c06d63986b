import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { SCIM_ADMIN_GROUPS_MAX } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { useSaveScimAdminGroups } from '../api/scim';

/**
 * Which of the provider's groups make their members admins (docs/product.md, "SCIM provisioning"):
 * one name a line, as the provider spells it (case aside). Everyone else it provisions is a member.
 */
export function AdminGroupsSection({
  workspaceId,
  adminGroups,
}: {
  workspaceId: string;
  adminGroups: string[];
}) {
  const { t } = useTranslation();
  const save = useSaveScimAdminGroups(workspaceId);
  const [text, setText] = useState(adminGroups.join('\n'));
  const id = useId();
  const names = text
    .split('\n')
    .map((name) => name.trim())
    .filter(Boolean);
  const tooMany = names.length > SCIM_ADMIN_GROUPS_MAX;

  return (
    <SettingsSection
      id="scim-admin-groups"
      title={t('scimSettings.adminGroups.title')}
      description={t('scimSettings.adminGroups.help')}
    >
      <form
        className="flex max-w-md flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (tooMany) return;
          save.mutate(names, {
            onSuccess: (saved) => {
              setText(saved.adminGroups.join('\n'));
              toast.success(t('scimSettings.adminGroups.saved'));
            },
            onError: (error) =>
              toast.error(errorMessage(t, error, { fallbackKey: 'scimSettings.adminGroups.failed' })),
          });
        }}
      >
        <label htmlFor={id} className="text-[13px] font-medium text-text">
          {t('scimSettings.adminGroups.label')}
        </label>
        <textarea
          id={id}
          rows={3}
          value={text}
          placeholder={t('scimSettings.adminGroups.placeholder')}
          aria-invalid={tooMany || undefined}
          aria-describedby={`${id}-note`}
          onChange={(event) => setText(event.target.value)}
          className={cn(fieldClasses, 'min-h-20 py-2')}
        />
        <p id={`${id}-note`} className={cn('text-xs', tooMany ? 'text-danger' : 'text-text-muted')}>
          {tooMany
            ? t('scimSettings.adminGroups.tooMany', { max: SCIM_ADMIN_GROUPS_MAX })
            : names.length === 0
              ? t('scimSettings.adminGroups.none')
              : t('scimSettings.adminGroups.count', { count: names.length })}
        </p>
        <Button type="submit" className="self-start" disabled={tooMany || save.isPending}>
          {t('scimSettings.adminGroups.save')}
        </Button>
      </form>
    </SettingsSection>
  );
}
