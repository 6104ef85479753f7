import type { Me } from '@rescuedesk/shared';

/** Signed-in users for component tests: a Founder of 'Green Paws Trust', and an Admin, a Manager and a Worker beside her. */
export const FOUNDER: Me = {
  id: 4,
  role: 'Founder',
  ngoId: 2,
  name: 'Farah Founder',
  username: 'founder',
  email: 'founder@example.org',
  profileImage: null,
  ngoName: 'Green Paws Trust',
  language: 'en',
};
export const ADMIN: Me = { ...FOUNDER, id: 1, role: 'Admin', name: 'Asha Admin', username: 'admin', email: 'admin@example.org', ngoId: null, ngoName: null };
export const MANAGER: Me = { ...FOUNDER, id: 5, role: 'Manager', name: 'Manoj Manager', username: 'manager', email: 'manager@example.org' };
export const WORKER: Me = { ...FOUNDER, id: 6, role: 'Worker', name: 'Wasim Worker', username: 'worker', email: 'worker@example.org' };
