import { afterEach, describe, expect, it } from 'vitest';
import { rememberAfterSignIn, takeAfterSignIn } from './storage';

/* A mailed link to an export's download, opened without a session, opens again once signed in. */
describe('the page to open after signing in', () => {
  afterEach(() => window.localStorage.clear());

  it('is the download link that found no session, once', () => {
    rememberAfterSignIn('/exports/7d9e1c4a-0b1f-4a51-9a8e-2f4c3b1a0d55/1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d');
    expect(takeAfterSignIn('/chat')).toBe(
      '/exports/7d9e1c4a-0b1f-4a51-9a8e-2f4c3b1a0d55/1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
    );
    // Read once: the next sign-in opens the chat again.
    expect(takeAfterSignIn('/chat')).toBe('/chat');
  });

  it('is never another page, nor an address elsewhere', () => {
    rememberAfterSignIn('/projects');
    expect(takeAfterSignIn('/chat')).toBe('/chat');
    window.localStorage.setItem('redacta.afterSignIn', '//evil.example/exports/a/b');
    expect(takeAfterSignIn('/chat')).toBe('/chat');
  });
});
