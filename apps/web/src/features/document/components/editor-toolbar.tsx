import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { Bold, Heading1, Heading2, Heading3, Italic, List, ListOrdered, Redo2, Undo2 } from 'lucide-react';
import { LinkButton } from './link-button';
import { mod, ToolbarButton } from './toolbar-button';

/** Formatting for the document: what StarterKit offers and a writer of copy needs. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
      h1: current.isActive('heading', { level: 1 }),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });
  const chain = () => editor.chain().focus();
  const icon = 'size-4';

  return (
    <div
      role="toolbar"
      aria-label={t('document.toolbar.label')}
      className="flex shrink-0 items-center gap-0.5 overflow-x-auto border-b border-border px-2 py-1.5"
    >
      <ToolbarButton
        label={t('document.toolbar.undo')}
        shortcut={`${mod}+Z`}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      >
        <Undo2 className={icon} aria-hidden />
      </ToolbarButton>
      <ToolbarButton
        label={t('document.toolbar.redo')}
        shortcut={`${mod}+Shift+Z`}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      >
        <Redo2 className={icon} aria-hidden />
      </ToolbarButton>
      <span className="mx-1 h-5 w-px shrink-0 bg-border" aria-hidden />
      {([1, 2, 3] as const).map((level) => (
        <ToolbarButton
          key={level}
          label={t('document.toolbar.heading', { level })}
          shortcut={`${mod}+Alt+${level}`}
          active={state[`h${level}`]}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          {level === 1 && <Heading1 className={icon} aria-hidden />}
          {level === 2 && <Heading2 className={icon} aria-hidden />}
          {level === 3 && <Heading3 className={icon} aria-hidden />}
        </ToolbarButton>
      ))}
      <span className="mx-1 h-5 w-px shrink-0 bg-border" aria-hidden />
      <ToolbarButton
        label={t('document.toolbar.bold')}
        shortcut={`${mod}+B`}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      >
        <Bold className={icon} aria-hidden />
      </ToolbarButton>
      <ToolbarButton
        label={t('document.toolbar.italic')}
        shortcut={`${mod}+I`}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <Italic className={icon} aria-hidden />
      </ToolbarButton>
      <LinkButton editor={editor} />
      <span className="mx-1 h-5 w-px shrink-0 bg-border" aria-hidden />
      <ToolbarButton
        label={t('document.toolbar.bulletList')}
        shortcut={`${mod}+Shift+8`}
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List className={icon} aria-hidden />
      </ToolbarButton>
      <ToolbarButton
        label={t('document.toolbar.orderedList')}
        shortcut={`${mod}+Shift+7`}
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered className={icon} aria-hidden />
      </ToolbarButton>
    </div>
  );
}
