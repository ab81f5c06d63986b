import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MoreHorizontal, Pencil, Star, TextCursorInput, Trash2 } from 'lucide-react';
import type { BrandVoiceSummary } from '@redacta/shared';
import { Menu, MenuItem, MenuSeparator } from '@/components/ui/menu';
import { buttonClasses } from '@/components/ui/button';

function addedByName(addedBy: BrandVoiceSummary['addedBy']): string | null {
  if (!addedBy) return null;
  return [addedBy.firstName, addedBy.lastName].filter(Boolean).join(' ') || addedBy.email;
}

/** One voice in the list: name, default badge, who added it, the start of its text (the list's excerpt) and a "⋯" menu. */
export function BrandVoiceCard({
  voice,
  onRename,
  onMakeDefault,
  onDelete,
}: {
  voice: BrandVoiceSummary;
  onRename: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const author = addedByName(voice.addedBy);
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-border p-4"
      aria-labelledby={`voice-${voice.id}`}
      data-testid="brand-voice-card"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`voice-${voice.id}`} className="flex flex-wrap items-center gap-2 font-semibold">
            <Link to={`/brand-voice/${voice.id}`} className="break-words hover:text-primary">
              {voice.name}
            </Link>
            {voice.isDefault && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
                <Star className="size-3" aria-hidden />
                {t('brandVoice.defaultBadge')}
              </span>
            )}
          </h2>
          <p className="mt-0.5 text-xs text-text-muted">
            {author ? t('brandVoice.addedBy', { name: author }) : t('brandVoice.addedByGone')}
          </p>
        </div>
        <Menu
          trigger={
            <button
              type="button"
              className={buttonClasses('ghost', 'sm', 'px-2')}
              aria-label={t('brandVoice.actions', { name: voice.name })}
              title={t('brandVoice.actions', { name: voice.name })}
            >
              <MoreHorizontal className="size-4" aria-hidden />
            </button>
          }
        >
          <MenuItem
            icon={<Pencil className="size-4" aria-hidden />}
            onSelect={() => navigate(`/brand-voice/${voice.id}`)}
          >
            {t('brandVoice.edit')}
          </MenuItem>
          <MenuItem icon={<TextCursorInput className="size-4" aria-hidden />} onSelect={onRename}>
            {t('brandVoice.rename')}
          </MenuItem>
          {!voice.isDefault && (
            <MenuItem icon={<Star className="size-4" aria-hidden />} onSelect={onMakeDefault}>
              {t('brandVoice.makeDefault')}
            </MenuItem>
          )}
          <MenuSeparator />
          <MenuItem icon={<Trash2 className="size-4" aria-hidden />} onSelect={onDelete} destructive>
            {t('brandVoice.delete')}
          </MenuItem>
        </Menu>
      </div>
      <p className="line-clamp-3 text-[13px] whitespace-pre-line text-text-muted">
        {voice.excerpt || t('brandVoice.noText')}
      </p>
    </li>
  );
}
