import { useQuery } from '@tanstack/react-query';
import { api } from '../session/api.ts';

export interface JobView {
  id: number;
  kind: string;
  state: 'queued' | 'running' | 'completed' | 'failed';
  done: number;
  total: number | null;
  percent: number | null;
  message: string | null;
  error: string | null;
  created_at: string;
  /** what a finished job left (an export's file_id and name) */
  result?: Record<string, unknown> | null;
}

const unfinished = (j: JobView) => j.state === 'queued' || j.state === 'running';

/** One job, asked again every second until it has finished (export, import, batch generation, ERA processing). */
export function useJob(id: number | null) {
  return useQuery({
    queryKey: ['job', id],
    enabled: id !== null,
    queryFn: () => api<JobView>(`/jobs/${id}`),
    refetchInterval: (q) => (q.state.data && !unfinished(q.state.data) ? false : 1000),
  });
}

/** My recent jobs and my billing companies', asked again while any is unfinished. */
export function useMyJobs(enabled: boolean) {
  return useQuery({
    queryKey: ['jobs'],
    enabled,
    queryFn: () => api<JobView[]>('/jobs'),
    refetchInterval: (q) => (q.state.data?.some(unfinished) ? 1500 : false),
  });
}
