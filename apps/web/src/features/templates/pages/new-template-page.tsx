import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolveLocale } from '@redacta/shared/locales';
import { useTemplate } from '../api/use-templates';
import { TemplateEditor } from '../components/template-editor';
import { TemplateQueryState } from './template-query-state';

/** /templates/new, or /templates/new?from={id}: a new template, empty or a copy of another (a built-in's to edit). */
export default function NewTemplatePage() {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const from = params.get('from');
  const source = useTemplate(from);
  const language = resolveLocale(i18n.language);
  if (!from) return <TemplateEditor defaultLanguage={language} />;
  return (
    <TemplateQueryState query={source}>
      {(template) => <TemplateEditor key={template.id} source={template} defaultLanguage={language} />}
    </TemplateQueryState>
  );
}
