import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

type FooterLink = { key: string; to?: string; href?: string };

const support = 'soporte@redacta.app';
const mailto = (address: string, subject: string) =>
  `mailto:${address}?subject=${encodeURIComponent(subject)}`;

/** The page footer: four link columns — company, help, community, terms. */
export function Footer() {
  const { t } = useTranslation();
  const columns: Array<{ key: string; links: FooterLink[] }> = [
    {
      key: 'company',
      links: [
        { key: 'pricing', to: '/subscription' },
        { key: 'labs', to: '/labs' },
        { key: 'contact', href: mailto('hola@redacta.app', t('footer.links.contact')) },
      ],
    },
    {
      key: 'help',
      links: [
        { key: 'helpCenter', href: mailto(support, t('footer.links.helpCenter')) },
        { key: 'requestFeature', href: mailto(support, t('footer.links.requestFeature')) },
        { key: 'reportError', href: mailto(support, t('footer.links.reportError')) },
      ],
    },
    {
      key: 'community',
      links: [
        { key: 'shareFeedback', href: mailto('comunidad@redacta.app', t('footer.links.shareFeedback')) },
        { key: 'newsletter', href: mailto('comunidad@redacta.app', t('footer.links.newsletter')) },
      ],
    },
    {
      key: 'terms',
      links: [
        { key: 'termsOfService', to: '/terms' },
        { key: 'privacy', to: '/privacy' },
      ],
    },
  ];

  return (
    <footer
      className="mt-auto border-t border-border bg-surface-muted px-6 py-8 text-[13px]"
      aria-label={t('footer.label')}
    >
      <div className="mx-auto grid max-w-[1200px] grid-cols-2 gap-6 sm:grid-cols-4">
        {columns.map((column) => (
          <div key={column.key}>
            <h2 className="mb-2 text-xs font-semibold tracking-wide text-text uppercase">
              {t(`footer.columns.${column.key}`)}
            </h2>
            <ul className="flex flex-col gap-1.5">
              {column.links.map((link) => (
                <li key={link.key}>
                  {link.to ? (
                    <Link to={link.to} className="text-text-muted hover:text-primary hover:underline">
                      {t(`footer.links.${link.key}`)}
                    </Link>
                  ) : (
                    <a href={link.href} className="text-text-muted hover:text-primary hover:underline">
                      {t(`footer.links.${link.key}`)}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="mx-auto mt-6 max-w-[1200px] text-xs text-text-muted">
        © {new Date().getFullYear()} Redacta
      </p>
    </footer>
  );
}
