import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolveLocale } from '@redacta/shared/locales';
import { useTemplate } from '../api/use-templates';
import { TemplateEditor } from '../components/template-editor';
import { TemplateNotFound } from './editor-states';
import { TemplateQueryState } from './template-query-state';

/** /templates/{id}/edit: the editor on a workspace's own template; a built-in one cannot be edited. */
export default function EditTemplatePage() {
  const { i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useTemplate(id);
  return (
    <TemplateQueryState query={query}>
      {(template) =>
        template.builtIn ? (
          <TemplateNotFound />
        ) : (
          <TemplateEditor
            key={template.id}
            template={template}
            defaultLanguage={resolveLocale(i18n.language)}
          />
        )
      }
    </TemplateQueryState>
  );
}
