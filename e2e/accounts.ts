import type { Role } from '@rescuedesk/shared';

interface Account {
  role: Role;
  username: string;
  email: string;
  name: string;
  password: string;
}

/** The accounts e2e/server.ts seeds. All but the Admin belong to the NGO 'Green Paws Trust'. */
export const E2E_ACCOUNTS = {
  admin: { role: 'Admin', username: 'admin', email: 'admin@example.org', name: 'Asha Admin', password: 'Admin@12345' },
  founder: { role: 'Founder', username: 'founder', email: 'founder@example.org', name: 'Farah Founder', password: 'Founder@123' },
  manager: { role: 'Manager', username: 'manager', email: 'manager@example.org', name: 'Manoj Manager', password: 'Manager@123' },
  worker: { role: 'Worker', username: 'worker', email: 'worker@example.org', name: 'Wasim Worker', password: 'Worker@123' },
  spare: { role: 'Worker', username: 'spare', email: 'spare@example.org', name: 'Sara Spare', password: 'Spare@123' },
  /** Used only by the Hindi keyboard walk (e2e/hindi-keyboard.spec.ts), which stores Hindi as its language. */
  keyboard: { role: 'Manager', username: 'keyboard', email: 'keyboard@example.org', name: 'Kavita Keyboard', password: 'Keyboard@123' },
  /** Used only by the accessibility run, which switches its language back and forth. */
  auditor: { role: 'Admin', username: 'auditor', email: 'auditor@example.org', name: 'Anil Auditor', password: 'Auditor@123' },
} as const satisfies Record<string, Account>;
