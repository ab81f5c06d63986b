import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Globe } from 'lucide-react';
import { KNOWLEDGE_URL_MAX_LENGTH } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { problemText, type Problem } from '@/lib/error-message';
import { useAddKnowledgeUrl } from '../api/use-knowledge-mutations';

/** Whether the server could try the address at all: http(s), and no longer than it accepts. */
function urlProblem(value: string): Problem | null {
  const url = value.trim();
  if (url === '') return { key: 'knowledge.url.required' };
  if (url.length > KNOWLEDGE_URL_MAX_LENGTH) return { key: 'knowledge.url.tooLong' };
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? null : { key: 'knowledge.url.invalid' };
  } catch {
    return { key: 'knowledge.url.invalid' };
  }
}

/**
 * "Add a web page": the address is checked on blur and on submit; the server fetches the page after
 * answering, so the list shows it processing. What the server refuses stays in the field with why.
 */
export function AddUrlForm({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const add = useAddKnowledgeUrl(workspaceId);
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<Problem | null>(null);
  const problem = touched ? (refused ?? urlProblem(url)) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (urlProblem(url) || add.isPending) return;
    add.mutate(url.trim(), {
      onSuccess: () => {
        setUrl('');
        setTouched(false);
        toast.success(t('knowledge.url.added'));
      },
      onError: (error) => setRefused({ error, fallbackKey: 'knowledge.url.failed' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <Input
          label={t('knowledge.url.label')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          value={url}
          error={problemText(t, problem)}
          onChange={(event) => {
            setUrl(event.target.value);
            setRefused(null);
          }}
          onBlur={() => setTouched(url.trim() !== '')}
        />
      </div>
      <Button
        type="submit"
        variant="secondary"
        loading={add.isPending}
        className="sm:mt-[26px]"
        icon={<Globe className="size-4" aria-hidden />}
      >
        {t('knowledge.url.add')}
      </Button>
    </form>
  );
}
