/** The workbench (issue 8): staff figures, or a unit's / practitioner's own to-dos and states. */
import type { Workbench } from '@common/schemas/workbench';
import { api, type RequestOptions } from './api';

export function getWorkbench(options?: RequestOptions): Promise<Workbench> {
  return api<Workbench>('/workbench', options);
}
