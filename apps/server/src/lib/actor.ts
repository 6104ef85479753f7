import type { Role } from '@rescuedesk/shared';

/** The signed-in user acting on a request. Every service takes it as its first argument. */
export interface Actor {
  id: number;
  role: Role;
  ngoId: number | null;
  name: string;
  sessionId: string;
  /** A write's time on the device (X-Made-At) when it was entered offline and sent later; absent otherwise. */
  madeAt?: string | null;
}
