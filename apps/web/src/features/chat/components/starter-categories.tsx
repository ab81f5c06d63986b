import { useTranslation } from 'react-i18next';
import { FileText, Lightbulb, Search } from 'lucide-react';

const categories = [
  { key: 'search', Icon: Search, prompts: ['p1', 'p2', 'p3'] },
  { key: 'longForm', Icon: FileText, prompts: ['p1', 'p2', 'p3'] },
  { key: 'brainstorm', Icon: Lightbulb, prompts: ['p1', 'p2', 'p3'] },
] as const;

/**
 * The empty chat shows a welcome and three starter categories with example prompts. The
 * real-time search examples ask for live search (`onPick`'s second argument).
 */
export function StarterCategories({
  name,
  onPick,
}: {
  name: string | null;
  onPick: (text: string, liveSearch: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8 py-4 md:py-8">
      <div className="text-center">
        <h2 className="text-2xl font-semibold tracking-tight md:text-3xl">
          {name ? t('chat.welcomeNamed', { name }) : t('chat.welcome')}
        </h2>
        <p className="mt-2 text-[15px] text-text-muted">{t('chat.welcomeText')}</p>
      </div>
      <div className="grid gap-4 @2xl:grid-cols-3">
        {categories.map(({ key, Icon, prompts }) => (
          <section
            key={key}
            aria-labelledby={`cat-${key}`}
            className="flex flex-col gap-3 rounded-xl border border-border p-4"
          >
            <h3 id={`cat-${key}`} className="flex items-center gap-2 font-semibold">
              <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" aria-hidden />
              </span>
              {t(`chat.categories.${key}.title`)}
            </h3>
            <ul className="flex flex-col gap-2">
              {prompts.map((prompt) => {
                const text = t(`chat.categories.${key}.${prompt}`);
                return (
                  <li key={prompt}>
                    <button
                      type="button"
                      onClick={() => onPick(text, key === 'search')}
                      className="w-full rounded-lg bg-surface-muted px-3 py-2 text-left text-[13px] leading-snug text-text hover:bg-primary-soft"
                    >
                      {text}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
