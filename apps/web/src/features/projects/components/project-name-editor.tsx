import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_NAME_MAX_LENGTH } from '@redacta/shared';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

/**
 * Inline rename: Enter or leaving the field saves — only a name that differs and is not
 * blank; Escape gives up. The caller sends the rename and reverts on failure.
 */
export function ProjectNameEditor({
  name,
  onCommit,
  onCancel,
}: {
  name: string;
  onCommit: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const input = useRef<HTMLInputElement>(null);
  const finished = useRef(false);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const next = value.trim();
    if (save && next && next !== name) onCommit(next);
    else onCancel();
  };

  return (
    <input
      ref={input}
      value={value}
      maxLength={PROJECT_NAME_MAX_LENGTH}
      aria-label={t('projects.projectName')}
      title={t('projects.renameHint')}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
      className={cn(fieldClasses, 'h-9 text-sm font-medium')}
    />
  );
}
