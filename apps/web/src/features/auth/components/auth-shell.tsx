import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/ui/language-select';

/**
 * Lucide's check, drawn here: the shared icon chunk it would come from holds many other icons, a
 * request and bytes a first visit to /login does not need.
 */
function CheckMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 size-4 shrink-0"
      aria-hidden
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

/** The signed-out frame: a brand panel (wide screens) beside a card, with the language switch. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full">
      <aside className="relative hidden w-[44%] max-w-[640px] flex-col justify-between overflow-hidden bg-gradient-to-br from-violet-700 via-violet-800 to-indigo-950 p-10 text-white lg:flex">
        <div className="flex items-center gap-2 text-xl font-semibold">
          <img src="/favicon.svg" alt="" className="size-8 rounded-lg ring-1 ring-white/30" />
          Redacta
        </div>
        <div className="max-w-md">
          <p className="text-3xl leading-tight font-semibold">{t('brand.headline')}</p>
          <ul className="mt-6 flex flex-col gap-3 text-[15px] text-violet-100">
            {(['b1', 'b2', 'b3'] as const).map((key) => (
              <li key={key} className="flex items-start gap-2">
                <CheckMark />
                {t(`brand.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-violet-200">© {new Date().getFullYear()} Redacta</p>
      </aside>
      <main className="flex flex-1 flex-col">
        <div className="flex items-center justify-between gap-4 px-5 py-4">
          <span className="flex items-center gap-2 text-lg font-semibold lg:invisible">
            <img src="/favicon.svg" alt="" className="size-7" />
            Redacta
          </span>
          <LanguageSelect />
        </div>
        <div className="flex flex-1 items-center justify-center px-5 pb-12">
          <div className="w-full max-w-[400px]">{children}</div>
        </div>
      </main>
    </div>
  );
}
