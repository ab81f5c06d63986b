import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import type { BatchMapping, CreatedBatch, Template } from '@redacta/shared';
import { locales } from '@redacta/shared/locales';
import { useSession } from '@/features/session';
import { Button, buttonClasses } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { DisabledHint } from '@/components/ui/tooltip';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/error-message';
import { currentLocale } from '@/lib/i18n';
import { useUsage } from '@/lib/use-usage';
import { batchAction, createBatch, updateDraft } from '../api/batch-api';
import { batchKeys } from '../api/batch-keys';
import { useBatchTemplates } from '../api/use-templates';
import { spreadsheetProblem, type SpreadsheetProblem } from '../lib/file-check';
import { FileDrop } from '../components/file-drop';
import { InputProblems, type InvalidRowsChoice } from '../components/input-problems';
import { MappingForm } from '../components/mapping-form';
import { PageTitle } from '../components/page-title';
import { PromptPreviews } from '../components/prompt-previews';
import { UploadError } from '../components/upload-error';
import { WordsEstimate } from '../components/words-estimate';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-border p-4 md:p-6" data-testid={testId}>
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The templates by where they come from: the workspace's own first, then the built-in ones of the
 * interface's language, then those of the other.
 */
function templateGroups(templates: Template[]) {
  const first = currentLocale();
  const groups = [
    { key: 'own', templates: templates.filter((item) => !item.builtIn) },
    ...[first, ...locales.filter((locale) => locale !== first)].map((locale) => ({
      key: locale,
      templates: templates.filter((item) => item.builtIn && item.language === locale),
    })),
  ];
  return groups.filter((group) => group.templates.length > 0);
}

/** What stops the run, in words for the disabled button, or null when it can go. */
function runBlocker(
  created: CreatedBatch,
  template: Template | undefined,
  choice: InvalidRowsChoice | null,
): string | null {
  if (template?.fields.some((field) => field.required && !created.mapping[field.key]))
    return 'batches.run.needsMapping';
  if (created.invalid.length > 0 && choice !== 'skip') return 'batches.run.needsChoice';
  if (created.total === 0) return 'batches.run.noRows';
  return null;
}

/**
 * /batches/new?template={id}: a template, a spreadsheet (checked here before it goes), then what the
 * server made of it — the columns matched to the fields, the rows with problems, the first prompts
 * and the words it should take — and Run.
 */
export default function NewBatchPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const workspaceId = workspace?.id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const templates = useBatchTemplates(workspaceId);
  const usage = useUsage(workspace ? workspace.id : null, workspace?.workspaceUsage);
  const templateSelectId = useId();

  // Held here as well as in the address: the address changes in a transition, and a file chosen
  // right after the template must go with it.
  const [templateId, setTemplateId] = useState(() => params.get('template') ?? '');
  const template = templates.data?.find((item) => item.id === templateId);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<SpreadsheetProblem | null>(null);
  const [created, setCreated] = useState<CreatedBatch | null>(null);
  const [choice, setChoice] = useState<InvalidRowsChoice | null>(null);
  // The draft a new file replaces is cancelled, so the list does not fill with abandoned drafts.
  const draftId = useRef<string | null>(null);

  const upload = useMutation({
    mutationFn: (input: { file: File; templateId: string }) => createBatch(workspaceId, input),
    onMutate: () => {
      const replaced = draftId.current;
      draftId.current = null;
      if (replaced) void batchAction(replaced, 'cancel').catch(() => undefined);
    },
    onSuccess: (answer) => {
      draftId.current = answer.id;
      setCreated(answer);
      setChoice(null);
    },
  });
  const remap = useMutation({
    mutationFn: (mapping: BatchMapping) => updateDraft(created!.id, { mapping }),
    onSuccess: (answer) => {
      // Other rows may have problems with other columns: the choice about them is asked again.
      if (answer.invalid.length !== created?.invalid.length) setChoice(null);
      setCreated((current) => (current ? { ...current, ...answer } : current));
    },
  });
  const run = useMutation({
    mutationFn: async (batch: CreatedBatch) => {
      if (batch.invalid.length > 0) await updateDraft(batch.id, { skipInvalid: true });
      return batchAction(batch.id, 'start');
    },
    onSuccess: (_answer, batch) => {
      draftId.current = null;
      void queryClient.invalidateQueries({ queryKey: batchKeys.list(workspaceId) });
      void navigate(`/batches/${encodeURIComponent(batch.id)}`);
    },
  });

  const send = (next: File, forTemplate: string) => {
    const problem = spreadsheetProblem(next);
    setFile(next);
    setFileProblem(problem);
    setCreated(null);
    upload.reset();
    remap.reset();
    run.reset();
    if (!problem && forTemplate) upload.mutate({ file: next, templateId: forTemplate });
  };

  if (!workspace) return null;
  const blocker = created ? runBlocker(created, template, choice) : null;
  const runButton = created && (
    <Button
      size="lg"
      icon={<Play className="size-4" aria-hidden />}
      loading={run.isPending}
      disabled={blocker !== null || remap.isPending}
      onClick={() => run.mutate(created)}
    >
      {t('batches.run.action', {
        // Rows with problems never run: skipped, or the file is fixed and sent again.
        count: created.total - new Set(created.invalid.map((problem) => problem.line)).size,
      })}
    </Button>
  );

  return (
    <div className="relative mx-auto flex w-full max-w-[900px] flex-col gap-6 px-4 py-6 md:px-6 md:py-8">
      <PageTitle
        title={t('batches.new.title')}
        description={t('batches.new.description')}
        actions={
          <Link to="/batches" className={buttonClasses('secondary')}>
            {t('batches.new.back')}
          </Link>
        }
      />

      <Section title={t('batches.new.templateStep')}>
        {templates.isError ? (
          <LoadError
            message={t('batches.new.templatesFailed')}
            retryLabel={t('batches.retry')}
            retrying={templates.isFetching}
            onRetry={() => void templates.refetch()}
          />
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={templateSelectId} className="text-[13px] font-medium">
              {t('batches.new.template')}
            </label>
            <select
              id={templateSelectId}
              className={cn(fieldClasses, 'h-10')}
              value={templateId}
              disabled={templates.isPending || upload.isPending}
              onChange={(event) => {
                const next = event.target.value;
                setTemplateId(next);
                setParams(next ? { template: next } : {}, { replace: true });
                // The draft belongs to its template: the same file is read again for the new one.
                if (file && !fileProblem) send(file, next);
              }}
            >
              <option value="">
                {templates.isPending ? t('common.loading') : t('batches.new.pickTemplate')}
              </option>
              {templateGroups(templates.data ?? []).map((group) => (
                <optgroup key={group.key} label={t(`batches.new.group.${group.key}`)}>
                  {group.templates.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {template?.description && <p className="text-[13px] text-text-muted">{template.description}</p>}
            {template && (
              <p className="text-[13px] text-text-muted">
                {t('batches.new.fields', { fields: template.fields.map((field) => field.label).join(', ') })}
              </p>
            )}
            {templates.data?.length === 0 && (
              <p className="text-[13px] text-text-muted">{t('batches.new.noTemplates')}</p>
            )}
          </div>
        )}
      </Section>

      <Section title={t('batches.new.fileStep')}>
        {templateId === '' && <p className="text-[13px] text-text-muted">{t('batches.new.templateFirst')}</p>}
        <FileDrop
          busy={upload.isPending}
          fileName={file?.name ?? null}
          onFile={(next) => send(next, templateId)}
        />
        {(fileProblem || upload.isError) && <UploadError problem={fileProblem} error={upload.error} />}
        {created && (
          <p className="text-sm" data-testid="batch-rows-read">
            {t('batches.new.rowsRead', { count: created.total, columns: created.columns.length })}
          </p>
        )}
      </Section>

      {created && template && (
        <Section title={t('batches.mapping.title')} testId="batch-mapping">
          <p className="text-[13px] text-text-muted">{t('batches.mapping.help')}</p>
          <MappingForm
            fields={template.fields}
            columns={created.columns}
            mapping={created.mapping}
            disabled={run.isPending}
            onChange={(mapping) => {
              setCreated({ ...created, mapping });
              remap.mutate(mapping);
            }}
          />
          {remap.isError && (
            <p role="alert" className="text-[13px] text-danger">
              {errorMessage(t, remap.error, { fallbackKey: 'batches.mapping.saveFailed' })}
            </p>
          )}
        </Section>
      )}

      {created && created.invalid.length > 0 && (
        <InputProblems problems={created.invalid} choice={choice} onChoice={setChoice} />
      )}
      {created && choice === 'fix' && (
        <p className="text-sm text-text-muted">{t('batches.problems.fixHelp')}</p>
      )}

      {created && (
        <Section title={t('batches.preview.title')} testId="batch-preview">
          <PromptPreviews preview={created.preview} skipInvalid={choice === 'skip'} />
        </Section>
      )}

      {created && (
        <div className="flex flex-col gap-4">
          <WordsEstimate estimated={created.estimatedWords} usage={usage.data} />
          {run.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(t, run.error, { fallbackKey: 'batches.run.failed' })}
            </p>
          )}
          <div className="flex justify-end">
            {blocker ? <DisabledHint reason={t(blocker)}>{runButton}</DisabledHint> : runButton}
          </div>
        </div>
      )}
    </div>
  );
}
