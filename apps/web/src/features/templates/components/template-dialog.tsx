import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { renderTemplatePrompt, type Template } from '@redacta/shared';
import { resolveLocale } from '@redacta/shared/locales';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { TemplateRun } from '../template-run';
import { TemplatePicker } from './template-picker';
import { TemplateRunForm } from './template-run-form';

/**
 * Pick a template (built-in or the workspace's, in the interface language), fill its fields, run it.
 * Opened on `initial`, it starts at that template's fields.
 */
export default function TemplateDialog({
  open,
  onOpenChange,
  initial,
  blockedReason,
  onRun,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: Template | null;
  blockedReason: string | null;
  onRun: (run: TemplateRun) => void;
}) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<Template | null>(initial);
  const [shownFor, setShownFor] = useState(initial);
  // Asked again for another template (a second "Usar" from /templates): its fields show.
  if (shownFor !== initial) {
    setShownFor(initial);
    setChosen(initial);
  }
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setChosen(null);
  };
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('templates.composer.title')}
      description={chosen ? undefined : t('templates.composer.description')}
      closeLabel={t('common.close')}
      className="md:w-[min(92vw,560px)]"
    >
      {chosen ? (
        <TemplateRunForm
          key={chosen.id}
          title={chosen.name}
          fields={chosen.fields}
          preview={(inputs) => renderTemplatePrompt(chosen.prompt, inputs)}
          submitLabel={t('templates.run.submit')}
          blockedReason={blockedReason}
          onSubmit={(inputs) => {
            close(false);
            onRun({
              template: { id: chosen.id, inputs },
              message: renderTemplatePrompt(chosen.prompt, inputs),
              ran: {
                id: chosen.id,
                name: chosen.name,
                ...(chosen.output ? { output: chosen.output } : {}),
              },
            });
          }}
        >
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => setChosen(null)}
            icon={<ArrowLeft className="size-4" aria-hidden />}
          >
            {t('templates.composer.back')}
          </Button>
        </TemplateRunForm>
      ) : (
        <div className="flex flex-col">
          <TemplatePicker language={resolveLocale(i18n.language)} onPick={setChosen} />
          <Link to="/templates" className="mt-4 self-start text-sm text-primary underline">
            {t('templates.composer.manage')}
          </Link>
        </div>
      )}
    </Modal>
  );
}
