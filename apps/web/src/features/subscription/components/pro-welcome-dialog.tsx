import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check, PartyPopper } from 'lucide-react';
import type { Workspace } from '@redacta/shared';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';

/** Where teammates are invited: the workspace settings' members. */
const INVITE_PATH = '/workspace-settings';

/**
 * Back from a paid checkout, once the server confirms Pro: says so and what changed — unlimited
 * words, the seats for the team — and offers to invite someone, so the word counter disappearing is
 * not the only sign that the payment went through.
 */
export function ProWelcomeDialog({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const features = [
    t('subscription.proWelcome.words'),
    t('subscription.proWelcome.seats', { count: workspace.userSeats }),
    t('subscription.proWelcome.invite'),
  ];
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        <span className="flex items-center gap-2">
          <PartyPopper className="size-5 shrink-0 text-primary" aria-hidden />
          {t('subscription.proWelcome.title')}
        </span>
      }
      description={t('subscription.proWelcome.description', { workspace: workspace.name })}
      closeLabel={t('common.close')}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary">{t('subscription.proWelcome.keepWriting')}</Button>
          </ModalClose>
          <Button
            onClick={() => {
              onClose();
              navigate(INVITE_PATH);
            }}
          >
            {t('sidebar.invite')}
          </Button>
        </>
      }
    >
      <ul className="flex flex-col gap-2 text-sm" data-testid="pro-welcome-features">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
