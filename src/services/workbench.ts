/** The workbench: staff figures, or a unit's / practitioner's own to-dos and states. */
import type { Workbench } from '@common/schemas/workbench';
import { api, type RequestOptions } from './api';

/** `year`: the year of the staff's charts (this year when omitted). */
export function getWorkbench(year?: number, options?: RequestOptions): Promise<Workbench> {
  return api<Workbench>('/workbench', { ...options, params: year ? { year } : undefined });
}
