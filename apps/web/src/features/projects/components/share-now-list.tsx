import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { projectKeys } from '../api/keys';
import { fetchRecentProjects } from '../api/project-api';
import { useShareProjects } from '../api/use-bulk-project-actions';
import { announceBulk } from '../lib/announce-bulk';

/** The most recently changed projects looked at for private ones of the user's (the route's page limit). */
const LOOKED_AT = 100;

/**
 * The user's own private projects with a checkbox each and "Compartir seleccionados": one share call
 * per chosen project, one toast for them all, then `onDone`. Without private projects it says that
 * new ones start private too.
 */
export function ShareNowList({
  workspaceId,
  userId,
  onDone,
}: {
  workspaceId: string;
  userId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const mine = useQuery({
    queryKey: projectKeys.privateOfMine(workspaceId),
    queryFn: ({ signal }) => fetchRecentProjects(workspaceId, LOOKED_AT, signal),
    select: (list) => list.items.filter((project) => !project.isShared && project.createdBy === userId),
  });
  const share = useShareProjects(workspaceId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size === 0 || share.isPending) return;
    share.mutate([...chosen], {
      onSuccess: (outcome) => {
        announceBulk(t, 'share', outcome);
        if (outcome.failed.length === 0) onDone();
        else setChosen(new Set(outcome.failed));
      },
    });
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const later = (
    <Button variant="secondary" onClick={onDone} disabled={share.isPending}>
      {mine.data?.length ? t('projects.shareNow.later') : t('common.close')}
    </Button>
  );
  if (mine.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-text-muted" role="status">
        <Spinner /> {t('projects.loading')}
      </p>
    );
  if (mine.isError || mine.data.length === 0)
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-text-muted">
          {t(mine.isError ? 'projects.shareNow.loadFailed' : 'projects.shareNow.none')}
        </p>
        <div className="flex justify-end">{later}</div>
      </div>
    );
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium text-text">{t('projects.shareNow.legend')}</legend>
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-lg border border-border p-1">
          {mine.data.map((project) => (
            <li key={project.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-surface-muted">
                <input
                  type="checkbox"
                  checked={chosen.has(project.id)}
                  disabled={share.isPending}
                  onChange={(event) => toggle(project.id, event.target.checked)}
                  className="size-4 shrink-0 cursor-pointer accent-primary"
                />
                <span className="min-w-0 truncate">{project.name}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        {later}
        <Button type="submit" loading={share.isPending} disabled={chosen.size === 0}>
          {t('projects.shareNow.submit')}
        </Button>
      </div>
    </form>
  );
}
