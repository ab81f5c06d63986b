import { useSearchParams } from 'react-router';

/** The project the chat has open: the address's `project`. */
export function useOpenProjectId(): string | null {
  const [searchParams] = useSearchParams();
  return searchParams.get('project');
}
