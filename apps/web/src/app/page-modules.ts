import type { ComponentType } from 'react';

/** The signed-in app: the router, every page's route and the data kept offline (signed-in-app.tsx). */
export const loadSignedInApp = () => import('./signed-in-app');

/** The signed-in area (shell, navigation, the unsaved-changes guard): the login page does not need it. */
export const loadSignedInArea = () => import('./routes/app/root');

/** The code of every route in PAGE_ROUTES, fetched the first time the route is shown. */
export const PAGE_MODULES: Readonly<Record<string, () => Promise<{ default: ComponentType }>>> = {
  '/dashboard': () => import('./routes/app/dashboard'),
  '/dashboard/case': () => import('./routes/app/case'),
  '/dashboard/case/print': () => import('./routes/app/case-print'),
  '/report': () => import('./routes/app/report'),
  '/report/complaints': () => import('./routes/app/complaint-register'),
  '/dashboard/deleted': () => import('./routes/app/deleted-cases'),
  '/intake': () => import('./routes/app/intake'),
  '/runs': () => import('./routes/app/runs'),
  '/runs/plan': () => import('./routes/app/run-plan'),
  '/runs/sheet': () => import('./routes/app/run-sheet'),
  '/runs/register': () => import('./routes/app/run-register'),
  '/ward': () => import('./routes/app/ward-list'),
  '/ward/view': () => import('./routes/app/ward'),
  '/ward/survey': () => import('./routes/app/ward-survey'),
  '/stock': () => import('./routes/app/stock'),
  '/settings': () => import('./routes/app/settings'),
  '/user': () => import('./routes/app/user-list'),
  '/user/adduser': () => import('./routes/app/user-form'),
  '/ngo': () => import('./routes/app/ngo-list'),
  '/ngo/addngo': () => import('./routes/app/ngo-form'),
  '/reporter': () => import('./routes/app/reporter-list'),
  '/reporter/addreporter': () => import('./routes/app/reporter-form'),
  '/vet': () => import('./routes/app/vet-list'),
  '/vet/addvet': () => import('./routes/app/vet-form'),
  '/sponsor': () => import('./routes/app/sponsor-list'),
  '/sponsor/addsponsor': () => import('./routes/app/sponsor-form'),
  '/sponsor/cases': () => import('./routes/app/sponsor-cases'),
  '/privacy/access-log': () => import('./routes/app/access-log'),
  '/privacy/retention': () => import('./routes/app/retention'),
  '/privacy/requests': () => import('./routes/app/data-requests'),
  '/privacy/breaches': () => import('./routes/app/breaches'),
};

/**
 * Starts fetching the code of a signed-in page and of the shell around it. A failed fetch is left
 * for the page itself to meet (and show) when it is opened.
 */
export function preloadSignedInPage(pathname: string): void {
  loadSignedInApp().catch(() => undefined);
  loadSignedInArea().catch(() => undefined);
  PAGE_MODULES[pathname]?.().catch(() => undefined);
}
