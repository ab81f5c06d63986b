import { Link } from 'react-router';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to="/chat"
      onClick={onNavigate}
      className="flex items-center gap-2 rounded-lg px-1 text-lg font-semibold tracking-tight"
    >
      <img src="/favicon.svg" alt="" className="size-7" />
      <span>Redacta</span>
    </Link>
  );
}
