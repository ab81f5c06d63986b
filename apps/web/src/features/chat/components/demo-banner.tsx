import { useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import { Info, X } from 'lucide-react';
import { useSession } from '@/features/session';
import { cn } from '@/components/ui/cn';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { usePremiumStatus } from '../api/use-premium-status';

const settings = [
  'OPENAI_API_KEY=sk-…',
  'ANTHROPIC_API_KEY=sk-ant-…',
  'OPENAI_BASE_URL=http://127.0.0.1:11434/v1',
];

/**
 * No provider is configured: replies come from the offline demo writer. Server variables are for
 * whoever runs the server, so only the workspace owner on a development server is shown how to
 * connect a model; everyone else learns that an administrator can (the docs hold the how-to). On a
 * phone it takes one line (its title, the rest one "More" away) so the conversation keeps the screen.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  const status = usePremiumStatus(workspace?.id ?? null);
  const owner = user !== null && workspace?.ownerId === user.id;
  const setupHelp = owner && status.data?.setupHelp === true;
  const phone = useMediaQuery(MOBILE_QUERY);
  const [expanded, setExpanded] = useState(false);
  const collapsed = phone && !expanded;
  return (
    <div
      role="note"
      data-testid="demo-banner"
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-primary/30 bg-primary-soft text-[13px]',
        phone ? 'px-3 py-1.5' : 'px-4 py-2.5',
      )}
    >
      <Info className="size-4 shrink-0 text-primary" aria-hidden />
      <p className={cn('min-w-0 flex-1', collapsed && 'truncate')}>
        <span className="font-semibold">{t('chat.demo.title')}</span>{' '}
        <span className={cn('text-text-muted', collapsed && 'sr-only')}>
          {t('chat.demo.text')} {setupHelp ? t('chat.demo.connect') : t('chat.demo.askAdmin')}
        </span>
      </p>
      {phone && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="rounded-lg px-2 py-1 font-medium text-primary underline-offset-2 hover:underline"
        >
          {expanded ? t('chat.demo.less') : t('chat.demo.more')}
        </button>
      )}
      {setupHelp && !collapsed && (
        <Popover.Root>
          <Popover.Trigger className="rounded-lg px-2 py-1 font-medium text-primary underline-offset-2 hover:underline">
            {t('chat.demo.how')}
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              aria-label={t('chat.demo.howTitle')}
              side="bottom"
              align="end"
              sideOffset={6}
              collisionPadding={12}
              className="z-[60] w-[min(92vw,380px)] rounded-xl border border-border bg-surface p-4 text-[13px] shadow-xl"
            >
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold">{t('chat.demo.howTitle')}</h2>
                <Popover.Close
                  aria-label={t('common.close')}
                  className="rounded-md p-1 hover:bg-surface-muted"
                >
                  <X className="size-4" aria-hidden />
                </Popover.Close>
              </div>
              <p className="mt-2 text-text-muted">{t('chat.demo.howText')}</p>
              <ul className="mt-2 flex flex-col gap-1">
                {settings.map((line) => (
                  <li key={line}>
                    <code className="rounded bg-surface-muted px-1.5 py-0.5 text-xs break-all">{line}</code>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-text-muted">{t('chat.demo.howRestart')}</p>
              <Popover.Arrow className="fill-surface" />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </div>
  );
}
