import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import type { Workspace } from '@redacta/shared';
import { Modal, ModalClose } from '@/components/ui/modal';
import { Button, buttonClasses } from '@/components/ui/button';
import { displayName } from '../lib';

export interface SeatsFullModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspace: Workspace;
  seatsUsed: number;
  userSeats: number;
  /** The owner manages billing and goes on to buy seats; anyone else is told to ask the owner. */
  isOwner: boolean;
  onGetSeats: () => void;
}

/**
 * "Invite teammate" with every seat taken (members besides the owner plus pending invitations): says
 * why no one can be invited before anything else happens, and only then offers the way to more seats.
 */
export function SeatsFullModal({
  open,
  onOpenChange,
  workspace,
  seatsUsed,
  userSeats,
  isOwner,
  onGetSeats,
}: SeatsFullModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('team.seatsFullTitle')}
      description={t('team.seatsFullText', { workspace: workspace.name, used: seatsUsed, total: userSeats })}
      closeLabel={t('common.close')}
    >
      <p className="text-sm text-text-muted">
        {isOwner
          ? t('team.seatsFullOwner')
          : t('team.seatsFullMember', { owner: displayName(workspace.owner) })}
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <ModalClose asChild>
          <Button variant="secondary">{isOwner ? t('common.cancel') : t('common.close')}</Button>
        </ModalClose>
        {isOwner && (
          <Link
            to="/subscription"
            onClick={() => {
              onOpenChange(false);
              onGetSeats();
            }}
            className={buttonClasses('primary', 'md')}
          >
            <UserPlus className="size-4" aria-hidden />
            {t('team.getSeats')}
          </Link>
        )}
      </div>
    </Modal>
  );
}
