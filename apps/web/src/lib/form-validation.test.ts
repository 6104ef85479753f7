import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { i18n } from './i18n/i18n';
import { messages as en } from './i18n/catalogues/en';
import { messages as hi } from './i18n/catalogues/hi';
import { formRules, notifyInvalidForm } from './form-validation';

const Schema = z.object({ name: z.string(), kind: z.enum(['Dog', 'Cat'], { message: 'Kind must be one of Dog or Cat' }) });

describe('form validation', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    i18n.loadAndActivate({ locale: 'en', messages: en });
  });

  it('says an empty required input is required, in the current language', () => {
    const rules = formRules<{ name: string; kind: string }>(Schema, { kind: 'Kind' });
    expect(rules({ name: 'Bruno', kind: '' }).kind).toBe('Kind is required');

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    const hindiRules = formRules<{ name: string; kind: string }>(Schema, { kind: 'प्रकार' });
    expect(hindiRules({ name: 'Bruno', kind: '' }).kind).toBe('प्रकार ज़रूरी है');
  });

  it('answers a missing required field with "Please fill Required Details" in either language', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('shown');

    notifyInvalidForm({ kind: 'Kind is required' });
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Error', message: 'Please fill Required Details' }));

    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    notifyInvalidForm({ kind: 'प्रकार ज़रूरी है' });
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'गड़बड़ी', message: 'कृपया ज़रूरी जानकारी भरें' }));
  });

  it('names the first field to fix when nothing required is missing', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('shown');
    i18n.loadAndActivate({ locale: 'hi', messages: hi });

    notifyInvalidForm({ pincode: 'पिनकोड 6 अंकों का होना चाहिए' });

    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'पिनकोड 6 अंकों का होना चाहिए' }));
  });
});
