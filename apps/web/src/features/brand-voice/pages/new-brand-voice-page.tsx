import { useSession } from '@/features/session';
import { BrandVoiceEditor } from '../components/brand-voice-editor';

/** /brand-voice/new */
export default function NewBrandVoicePage() {
  const { workspace } = useSession();
  if (!workspace) return null;
  return <BrandVoiceEditor key={workspace.id} workspaceId={workspace.id} />;
}
