import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ArrowLeft } from 'lucide-react';

/** Terms and privacy in plain words: what the product stores and why. */
export default function LegalPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const doc = pathname === '/privacy' ? 'privacy' : 'terms';
  useDocumentTitle(t(`legal.${doc}.title`));
  const sections = ['s1', 's2', 's3', 's4'] as const;
  return (
    <main className="mx-auto flex max-w-[720px] flex-col gap-6 px-5 py-10">
      <Link
        to="/login"
        className="inline-flex items-center gap-1.5 text-[13px] text-text-muted hover:text-primary"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Redacta
      </Link>
      <h1 className="text-2xl font-semibold">{t(`legal.${doc}.title`)}</h1>
      {sections.map((section) => (
        <section key={section}>
          <h2 className="font-semibold">{t(`legal.${doc}.${section}.title`)}</h2>
          <p className="mt-1 leading-relaxed text-text-muted">{t(`legal.${doc}.${section}.text`)}</p>
        </section>
      ))}
    </main>
  );
}
