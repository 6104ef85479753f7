import { describe, expect, it } from 'vitest';
import { HOME_PATH, returnPath, signInPath } from './return-path';

const ORIGIN = 'https://rescuedesk.example';
const at = (target: string) => returnPath(`?${new URLSearchParams({ next: target })}`, ORIGIN);

describe('signInPath', () => {
  it('keeps the page asked for, its query and its fragment, in ?next=', () => {
    const path = signInPath({ pathname: '/vet/addvet', search: '?id=3', hash: '#docs' });
    expect(path.startsWith('/?next=')).toBe(true);
    expect(returnPath(path.slice(1), ORIGIN)).toBe('/vet/addvet?id=3#docs');
  });

  it('adds nothing for the dashboard or the sign-in page itself', () => {
    expect(signInPath({ pathname: '/dashboard', search: '', hash: '' })).toBe('/');
    expect(signInPath({ pathname: '/', search: '', hash: '' })).toBe('/');
  });
});

describe('returnPath', () => {
  it('follows a path of this app', () => {
    expect(at('/user/adduser?id=12')).toBe('/user/adduser?id=12');
    expect(at('/dashboard?type=OPD&q=gach')).toBe('/dashboard?type=OPD&q=gach');
  });

  it('opens the dashboard for anything that would leave the app or lead back to sign-in', () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'dashboard', '', '/', '/?next=/user', '/api/auth/logout', ' /user']) {
      expect(at(target), target).toBe(HOME_PATH);
    }
    expect(returnPath('', ORIGIN)).toBe(HOME_PATH);
    expect(returnPath('?other=1', ORIGIN)).toBe(HOME_PATH);
  });
});
