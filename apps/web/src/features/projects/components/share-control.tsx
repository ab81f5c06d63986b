import { useTranslation } from 'react-i18next';
import { Lock, Users } from 'lucide-react';
import type { Project, Workspace } from '@redacta/shared';
import { useSession } from '@/features/session';
import { Menu, MenuItem, MenuLabel } from '@/components/ui/menu';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/avatar';
import { useProject } from '../api/use-project';
import { useToggleShare } from '../hooks/use-toggle-share';
import { canChange, workspacePerson } from '../lib/permissions';

/** Faces on the wide trigger; the rest are counted. */
const FACES = 3;

/**
 * The teammates who see the project besides the viewer: everyone in the workspace once it is shared,
 * nobody while it is private (a private project is seen by its creator alone, docs/product.md).
 */
function teammatesWhoSee(project: Project, workspace: Workspace, userId: string) {
  if (!project.isShared) return [];
  return [workspace.owner, ...workspace.invitedUsers].filter((person) => person.id !== userId);
}

/**
 * The open project's visibility at a glance — "Privado", or "Compartido con el equipo" with the faces
 * of the teammates who see it — and, for whoever may change the project, the switch between the two
 * (the same route as the "⋯" menu of Mis proyectos). Compact (the mobile header): an icon with the
 * count of teammates, the state in its label.
 */
export function ProjectShareControl({
  projectId,
  compact = false,
}: {
  projectId: string | null;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { workspace, user } = useSession();
  const project = useProject(projectId);
  const share = useToggleShare(project.data?.workspaceId ?? '');
  if (!workspace || !user || !project.data || project.data.workspaceId !== workspace.id) return null;
  const { isShared, createdBy, id } = project.data;
  const teammates = teammatesWhoSee(project.data, workspace, user.id);
  const state = t(isShared ? 'projects.visibility.shared' : 'projects.visibility.private');
  const label = !isShared
    ? t('projects.visibility.privateLabel')
    : teammates.length === 0
      ? t('projects.visibility.sharedAloneLabel')
      : t('projects.visibility.sharedLabel', { count: teammates.length });
  const editable = canChange(createdBy, user.id, workspace);
  const Icon = isShared ? Users : Lock;

  const trigger = compact ? (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      loading={share.pending}
      data-testid="project-visibility"
      className="px-2"
    >
      <Icon className="size-5" aria-hidden />
      {isShared && teammates.length > 0 && (
        <span aria-hidden className="text-xs font-semibold tabular-nums">
          {teammates.length}
        </span>
      )}
    </Button>
  ) : (
    <Button
      variant="secondary"
      aria-label={label}
      loading={share.pending}
      data-testid="project-visibility"
      icon={<Icon className="size-4" aria-hidden />}
    >
      {state}
      {teammates.length > 0 && (
        <span aria-hidden className="flex items-center">
          {teammates.slice(0, FACES).map((person) => (
            <span key={person.id} className="-ml-1.5 rounded-full ring-2 ring-surface first:ml-0">
              <UserAvatar user={person} size="sm" />
            </span>
          ))}
          {teammates.length > FACES && (
            <span className="ml-1 text-xs text-text-muted">+{teammates.length - FACES}</span>
          )}
        </span>
      )}
    </Button>
  );

  const names = teammates.map((person) => workspacePerson(workspace, person.id)).filter(Boolean);
  return (
    <Menu trigger={trigger} wide>
      <MenuLabel title={state}>
        {isShared
          ? names.length > 0
            ? t('projects.visibility.sharedWith', { names: names.join(', ') })
            : t('projects.visibility.sharedNoTeam')
          : t('projects.visibility.privateHelp')}
      </MenuLabel>
      <MenuItem
        icon={isShared ? <Lock className="size-4" aria-hidden /> : <Users className="size-4" aria-hidden />}
        disabled={!editable}
        onSelect={() => share.toggle({ id, isShared })}
      >
        {t(isShared ? 'projects.makePrivate' : 'projects.share')}
      </MenuItem>
      {!editable && (
        <p className="max-w-72 px-2.5 pt-1.5 pb-1 text-xs text-text-muted">{t('projects.onlyCreator')}</p>
      )}
    </Menu>
  );
}
