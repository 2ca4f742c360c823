import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authEvents, base64Utf8, storedUser, urlCredentials } from '../src/api/auth';
import { ApiError, apiGet, apiPost } from '../src/api/client';
import { login } from '../src/api/security';
import { socketUrl } from '../src/api/socket';
import { App } from '../src/app/app';
import { ApiAlert } from '../src/components/api-alert';
import { ToastProvider, TOAST_DELAY_MS, useToast } from '../src/components/toast';
import { I18nProvider } from '../src/i18n/i18n-provider';
import { asServed } from './support/page-setup';

const AUTHDATA = btoa('admin:openDTU42');

function answer(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText,
  });
}

/** Fake device: answers by path; every call is recorded. */
function stubFetch(route: (path: string) => Response) {
  const calls: { path: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({ path, init });
      if (path === 'api/i18n/languages') return answer(200, []);
      return route(path);
    }),
  );
  return calls;
}

asServed();

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('requests', () => {
  it('carry X-Requested-With and the stored Basic credentials; posts send the data field', async () => {
    localStorage.setItem('user', JSON.stringify({ authdata: AUTHDATA }));
    const calls = stubFetch(() => answer(200, { type: 'success', code: 1001, message: 'ok' }));
    await apiPost('api/ntp/config', { ntp_server: 'pool.ntp.org' });
    const { init } = calls[0]!;
    const headers = new Headers(init.headers);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Authorization')).toBe(`Basic ${AUTHDATA}`);
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('data')).toBe('{"ntp_server":"pool.ntp.org"}');
  });

  it('send no Authorization when logged out', async () => {
    const calls = stubFetch(() => answer(200, {}));
    await apiGet('api/system/status');
    expect(new Headers(calls[0]!.init.headers).has('Authorization')).toBe(false);
  });
});

describe('a 401 on a normal call', () => {
  it('forgets the user, fires logged-out and goes to the login with the full path', async () => {
    localStorage.setItem('user', JSON.stringify({ authdata: AUTHDATA }));
    window.history.replaceState(null, '', '/info/system?tab=2');
    stubFetch((path) => (path === 'api/system/status' ? answer(401, undefined) : answer(200, {})));
    const loggedOut = vi.fn();
    authEvents.addEventListener('logged-out', loggedOut);
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Log in', level: 1 })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('returnUrl')).toBe('/info/system?tab=2');
    expect(localStorage.getItem('user')).toBeNull();
    expect(loggedOut).toHaveBeenCalled();
    authEvents.removeEventListener('logged-out', loggedOut);
  });

  it('rejects the call with status 401 and no message', async () => {
    stubFetch(() => answer(401, undefined));
    await expect(apiGet('api/dtu/config')).rejects.toMatchObject({ status: 401, message: '' });
  });
});

describe('other failures', () => {
  it("show a page's load failure in place, in words, with the raw detail folded away", async () => {
    window.history.replaceState(null, '', '/info/system');
    stubFetch(() =>
      answer(500, { message: 'Out of memory', code: 1007, type: 'danger' }, 'Internal Server Error'),
    );
    render(<App />);
    expect(await screen.findByText(/The device answered with an error\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('Details').closest('details')?.textContent).toBe(
      'DetailsOut of memory · HTTP status: 500',
    );
    expect(window.location.pathname).toBe('/info/system');
  });

  it('show the Error screen in words for a failed call that is not a page load', async () => {
    window.history.replaceState(null, '', '/info/system');
    stubFetch(() => answer(500, { message: 'Out of memory' }, 'Internal Server Error'));
    render(<App />);
    await screen.findByRole('button', { name: 'Try again' });
    await act(() => apiPost('api/maintenance/reboot', { reboot: true }).catch(() => undefined));
    expect(await screen.findByRole('heading', { name: 'Oops' })).toBeTruthy();
    expect(screen.getByText('The device answered with an error.')).toBeTruthy();
    expect(screen.getByText('Details').closest('details')?.textContent).toBe(
      'DetailsOut of memory · HTTP status: 500',
    );
    expect(window.location.pathname).toBe('/error');
  });

  it('use the status text when the body has no message', async () => {
    stubFetch(() => answer(429, 'Too Many Requests', 'Too Many Requests'));
    await expect(apiGet('api/livedata/status')).rejects.toEqual(new ApiError('Too Many Requests', 429));
  });

  it('treat an HTML answer to an API call (no such endpoint) as a failure', async () => {
    stubFetch(() => answer(200, '<!doctype html><html></html>'));
    await expect(apiGet('api/new/thing')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('login', () => {
  it('stores the user with authdata after the device accepted the credentials', async () => {
    const calls = stubFetch(() => answer(200, { type: 'success', code: 10002, message: 'ok' }));
    const loggedIn = vi.fn();
    authEvents.addEventListener('logged-in', loggedIn);
    await login('admin', 'openDTU42');
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBe(`Basic ${AUTHDATA}`);
    expect(storedUser()?.authdata).toBe(AUTHDATA);
    expect(loggedIn).toHaveBeenCalledOnce();
    expect(urlCredentials()).toBe('admin:openDTU42@');
    authEvents.removeEventListener('logged-in', loggedIn);
  });

  it("rejects with 'Invalid credentials' and stays logged out on 401", async () => {
    stubFetch(() => answer(401, undefined));
    await expect(login('admin', 'wrong')).rejects.toThrow('Invalid credentials');
    expect(storedUser()).toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  it('URL-encodes credentials for socket URLs relative to the base', () => {
    localStorage.setItem('user', JSON.stringify({ authdata: base64Utf8('admin:p@ss:wörd') }));
    expect(urlCredentials()).toBe('admin:p%40ss%3Aw%C3%B6rd@');
    expect(socketUrl('livedata', '')).toBe(`ws://${window.location.host}/livedata`);
  });
});

describe('write answers', () => {
  it('show the translated apiresponse text with its params, coloured by type', async () => {
    stubFetch(() => answer(200, []));
    render(
      <I18nProvider>
        <ApiAlert response={{ type: 'warning', code: 4002, message: 'device text', param: { max: 31 } }} />
        <ApiAlert response={{ type: 'success', code: 1001, message: 'device text' }} />
        <ApiAlert
          response={{ type: 'warning', message: 'Hostname must between 1 and 31 characters long!' }}
        />
      </I18nProvider>,
    );
    const warning = screen.getAllByRole('alert')[0]!;
    expect(warning.textContent).toBe('The name needs 1 to 31 characters.');
    expect(warning.className).toContain('alert-warning');
    expect(screen.getByRole('status').className).toContain('alert-success');
    expect(screen.getByText('Settings saved.')).toBeTruthy();
    // Answers without a code show the device's own message.
    expect(screen.getByText('Hostname must between 1 and 31 characters long!')).toBeTruthy();
  });

  it('as toasts, disappear after 5 s', async () => {
    stubFetch(() => answer(200, []));
    vi.useFakeTimers();
    let toast: ReturnType<typeof useToast> | undefined;
    function Probe() {
      toast = useToast();
      return null;
    }
    render(
      <I18nProvider>
        <ToastProvider>
          <Probe />
        </ToastProvider>
      </I18nProvider>,
    );
    act(() => toast!.showResponse({ type: 'danger', code: 5004, message: 'x' }));
    const shown = screen.getByText('This inverter is not valid.');
    expect(shown.closest('.toast')?.className).toContain('text-bg-danger');
    act(() => {
      vi.advanceTimersByTime(TOAST_DELAY_MS - 1);
    });
    expect(screen.queryByText('This inverter is not valid.')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('This inverter is not valid.')).toBeNull();
  });
});
