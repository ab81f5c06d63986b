import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditActorList, AuditList } from '@redacta/shared';
import { api } from '@/lib/api-client';

/** What the page filters by; empty strings are "any". `from` and `to` are days (YYYY-MM-DD), both included. */
export interface AuditFilters {
  action: AuditAction | '';
  actor: string;
  from: string;
  to: string;
}

export const noFilters: AuditFilters = { action: '', actor: '', from: '', to: '' };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The filters as the API's query: whole local days, `to` up to the end of its day. */
export function auditQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.from) query.set('from', new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to)
    query.set('to', new Date(new Date(`${filters.to}T00:00:00`).getTime() + DAY_MS).toISOString());
  return query;
}

const auditPath = (workspaceId: string) => `/workspace/${encodeURIComponent(workspaceId)}/audit`;

/** GET /api/workspace/{id}/audit: newest first, 50 a page, with the filters (the owner only asks). */
export function useAuditLog(workspaceId: string, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit-log', workspaceId, filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = auditQuery(filters);
      if (pageParam) query.set('cursor', pageParam);
      const search = query.toString();
      return api.get<AuditList>(`${auditPath(workspaceId)}${search ? `?${search}` : ''}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/workspace/{id}/audit/export: the filtered log as CSV, read whole. */
export async function fetchAuditExport(workspaceId: string, filters: AuditFilters): Promise<Blob> {
  const search = auditQuery(filters).toString();
  const response = await api.getStream(`${auditPath(workspaceId)}/export${search ? `?${search}` : ''}`);
  return response.blob();
}

/** GET /api/workspace/{id}/audit/actors: everyone the log names as having acted, for the person filter. */
export function useAuditActors(workspaceId: string) {
  return useQuery({
    queryKey: ['audit-log', workspaceId, 'actors'] as const,
    queryFn: ({ signal }) => api.get<AuditActorList>(`${auditPath(workspaceId)}/actors`, { signal }),
  });
}
