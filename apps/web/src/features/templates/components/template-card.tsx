import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Copy, Layers, MoreHorizontal, Pencil, Play, Trash2 } from 'lucide-react';
import type { Template } from '@redacta/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { Menu, MenuItem } from '@/components/ui/menu';

/**
 * One template: its name, description, how many fields it asks for and the parts it answers in.
 * "Usar" runs it once in the chat, "Ejecutar en lote" runs it over a spreadsheet's rows; a built-in
 * template is copied to be edited, a workspace's own is edited or deleted by whoever may.
 */
export function TemplateCard({
  template,
  canChange,
  onUse,
  onDelete,
}: {
  template: Template;
  canChange: boolean;
  onUse: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const parts = template.output?.parts ?? [];
  const id = encodeURIComponent(template.id);
  return (
    <article
      data-testid="template-card"
      aria-labelledby={`template-${template.id}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`template-${template.id}`} className="text-base font-semibold break-words">
            {template.name}
          </h2>
          <p className="text-xs text-text-muted">
            {template.builtIn ? t('templates.builtIn') : t('templates.own')}
            {' · '}
            {t('templates.fieldCount', { count: template.fields.length })}
          </p>
        </div>
        <Menu
          trigger={
            <button
              type="button"
              aria-label={t('templates.more', { name: template.name })}
              title={t('templates.more', { name: template.name })}
              className="-mt-1 -mr-1 rounded-lg p-2 text-text-muted hover:bg-surface-muted hover:text-text focus-visible:outline-2 focus-visible:outline-primary"
            >
              <MoreHorizontal className="size-4" aria-hidden />
            </button>
          }
        >
          <MenuItem
            icon={<Copy className="size-4" aria-hidden />}
            onSelect={() => navigate(`/templates/new?from=${id}`)}
          >
            {template.builtIn ? t('templates.duplicateToEdit') : t('templates.duplicate')}
          </MenuItem>
          {canChange && (
            <MenuItem
              icon={<Pencil className="size-4" aria-hidden />}
              onSelect={() => navigate(`/templates/${id}/edit`)}
            >
              {t('templates.edit')}
            </MenuItem>
          )}
          {canChange && (
            <MenuItem destructive icon={<Trash2 className="size-4" aria-hidden />} onSelect={onDelete}>
              {t('templates.delete')}
            </MenuItem>
          )}
        </Menu>
      </div>
      {template.description && <p className="text-sm text-text-muted">{template.description}</p>}
      {parts.length > 0 && (
        <div>
          <ul className="flex flex-wrap gap-1.5" aria-label={t('templates.partsLabel')}>
            {parts.map((part) => (
              <li
                key={part.key}
                className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2.5 py-0.5 text-xs"
              >
                <Layers className="size-3 text-text-muted" aria-hidden />
                {part.label}
                {part.maxChars !== undefined && (
                  <span className="text-text-muted tabular-nums">≤ {part.maxChars}</span>
                )}
                {part.items !== undefined && (
                  <span className="text-text-muted tabular-nums">× {part.items}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button size="sm" onClick={onUse} icon={<Play className="size-4" aria-hidden />}>
          {t('templates.use')}
        </Button>
        <Link to={`/batches/new?template=${id}`} className={buttonClasses('secondary', 'sm')}>
          {t('templates.runBulk')}
        </Link>
      </div>
    </article>
  );
}
