import { useState } from 'react';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Download, FileCode2, FileText, FileType2 } from 'lucide-react';
import type { DocumentContent } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Menu, MenuItem } from '@/components/ui/menu';
import { exportFileName } from '../export/file-name';
import { downloadBlob } from '../export/download';
import { documentToMarkdown } from '../export/to-markdown';
import { documentToPlainText } from '../export/to-plain-text';

type Format = 'md' | 'txt' | 'docx';

async function exportBlob(format: Format, content: DocumentContent, title: string): Promise<Blob> {
  if (format === 'md')
    return new Blob([documentToMarkdown(content)], { type: 'text/markdown;charset=utf-8' });
  if (format === 'txt') return new Blob([documentToPlainText(content)], { type: 'text/plain;charset=utf-8' });
  // docx (~63 KB gzip) is fetched only when someone exports to Word.
  const { documentToDocx } = await import('../export/to-docx');
  return documentToDocx(content, title);
}

/** Download the document as Markdown, plain text or Word, named after the project. */
export function ExportMenu({ editor, projectName }: { editor: Editor; projectName: string | undefined }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const run = async (format: Format) => {
    setBusy(true);
    try {
      const blob = await exportBlob(format, editor.getJSON() as DocumentContent, projectName ?? '');
      downloadBlob(blob, exportFileName(projectName, format));
    } catch {
      toast.error(t('document.export.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu
      trigger={
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          icon={<Download className="size-4" aria-hidden />}
        >
          {t('document.export.label')}
        </Button>
      }
    >
      <MenuItem icon={<FileCode2 className="size-4" aria-hidden />} onSelect={() => void run('md')}>
        {t('document.export.markdown')}
      </MenuItem>
      <MenuItem icon={<FileText className="size-4" aria-hidden />} onSelect={() => void run('txt')}>
        {t('document.export.text')}
      </MenuItem>
      <MenuItem icon={<FileType2 className="size-4" aria-hidden />} onSelect={() => void run('docx')}>
        {t('document.export.word')}
      </MenuItem>
    </Menu>
  );
}
