import { useTranslation } from 'react-i18next';
import { userInitials } from '@redacta/shared/rules/initials';
import { useDocumentSnapshot } from '../state/document-context';
import type { PeerUser } from '../state/document-store';

/** At most this many faces; the rest are counted. */
const SHOWN = 4;

function PeerAvatar({ peer }: { peer: PeerUser }) {
  return (
    <li title={peer.name} className="-ml-1.5 first:ml-0">
      {peer.picture ? (
        <img
          src={peer.picture}
          alt=""
          referrerPolicy="no-referrer"
          className="size-7 rounded-full border-2 object-cover"
          style={{ borderColor: peer.color }}
        />
      ) : (
        <span
          aria-hidden
          className="inline-flex size-7 items-center justify-center rounded-full border-2 border-surface text-[11px] font-semibold text-white"
          style={{ backgroundColor: peer.color }}
        >
          {userInitials({ firstName: peer.firstName ?? peer.name, lastName: peer.lastName })}
        </span>
      )}
    </li>
  );
}

/** Who has the document open right now, each in the colour of their caret. */
export function PresenceAvatars() {
  const { t } = useTranslation();
  const { peers } = useDocumentSnapshot();
  if (peers.length === 0) return null;
  const names = peers.map((peer) => peer.name).join(', ');
  return (
    <div
      className="flex items-center"
      data-testid="document-presence"
      aria-label={t('document.presence', { names })}
      role="group"
    >
      <ul className="flex items-center">
        {peers.slice(0, SHOWN).map((peer) => (
          <PeerAvatar key={peer.id} peer={peer} />
        ))}
      </ul>
      {peers.length > SHOWN && <span className="ml-1 text-xs text-text-muted">+{peers.length - SHOWN}</span>}
    </div>
  );
}
