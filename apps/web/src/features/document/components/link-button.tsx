import { useId, useState, type FormEvent } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { Link2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { isSafeHref } from '../editor/safe-href';
import { ToolbarButton } from './toolbar-button';

/** What the user typed as an address; a bare domain is taken as https. Null when not a safe address. */
function normaliseLinkHref(raw: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  return isSafeHref(withScheme) ? new URL(withScheme).href : null;
}

/** Adds, changes or removes the link on the selection, from a small form under the button. */
export function LinkButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [invalid, setInvalid] = useState(false);
  const active = useEditorState({ editor, selector: ({ editor: current }) => current.isActive('link') });

  const openForm = () => {
    setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setInvalid(false);
    setOpen(true);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseLinkHref(href);
    if (!normalised) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !active) {
      chain
        .insertContent({
          type: 'text',
          text: normalised,
          marks: [{ type: 'link', attrs: { href: normalised } }],
        })
        .run();
    } else chain.setLink({ href: normalised }).run();
    setOpen(false);
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <span className="inline-flex">
          <ToolbarButton label={t('document.toolbar.link')} active={active} onClick={openForm}>
            <Link2 className="size-4" aria-hidden />
          </ToolbarButton>
        </span>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          aria-label={t('document.toolbar.link')}
          align="start"
          sideOffset={6}
          className="z-[65] w-72 rounded-lg border border-border bg-surface p-3 text-sm shadow-lg"
        >
          <form onSubmit={apply} className="flex flex-col gap-2" noValidate>
            <label htmlFor={inputId} className="font-medium">
              {t('document.link.label')}
            </label>
            <input
              id={inputId}
              type="url"
              inputMode="url"
              value={href}
              onChange={(event) => {
                setHref(event.target.value);
                setInvalid(false);
              }}
              placeholder="https://"
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              className={`${fieldClasses} h-9`}
            />
            {invalid && (
              <p id={errorId} className="text-xs text-danger">
                {t('document.link.invalid')}
              </p>
            )}
            <div className="flex justify-end gap-2">
              {active && (
                <Button variant="ghost" size="sm" onClick={remove}>
                  {t('document.link.remove')}
                </Button>
              )}
              <Button type="submit" size="sm">
                {t('document.link.apply')}
              </Button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
