/**
 * The account gate as the request layer sees it: the server answers statuses
 * 22–24 (HTTP 403) while the account must first change its password (22 forced, 23 expired)
 * or confirm the first-login consent (24). Any call may meet it (a page opened in another
 * tab, a password that expired during the session), so the request layer announces it and
 * the back office's layout (src/layouts/ManageLayout) opens the step: the forced change form
 * or the consent step. The call still fails as usual.
 */
import type { AxiosResponse } from '@umijs/max';
import { ApiStatus } from '@common/api';

export type AccountGateStep = 'password' | 'consent';

export interface AccountGateEvent {
  step: AccountGateStep;
  status: number;
  message: string;
}

const STEPS: Readonly<Record<number, AccountGateStep>> = {
  [ApiStatus.PasswordChangeRequired]: 'password',
  [ApiStatus.PasswordExpired]: 'password',
  [ApiStatus.ConsentRequired]: 'consent',
};

/** The step an envelope's status asks for, or undefined. */
export function accountGateStep(status: unknown): AccountGateStep | undefined {
  return typeof status === 'number' ? STEPS[status] : undefined;
}

type Listener = (event: AccountGateEvent) => void;
const listeners = new Set<Listener>();

/** Subscribes to gate refusals; returns the function that unsubscribes. */
export function onAccountGate(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceAccountGate(event: AccountGateEvent): void {
  listeners.forEach((listener) => listener(event));
}

function announceFrom(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const { status, message } = body as { status?: unknown; message?: unknown };
  const step = accountGateStep(status);
  if (step) announceAccountGate({ step, status: status as number, message: typeof message === 'string' ? message : '' });
}

/** Success half: an envelope with a gate status that arrived with HTTP 2xx (a proxy may rewrite). */
export function gateOnResponse<T>(response: AxiosResponse<T>): AxiosResponse<T> {
  announceFrom(response.data);
  return response;
}

/** Failure half: the usual HTTP 403 with the envelope. Rethrows for the next interceptor. */
export function gateOnResponseError(error: unknown): Promise<never> {
  const response = (error as { response?: { data?: unknown } } | null)?.response;
  if (response) announceFrom(response.data);
  return Promise.reject(error);
}
