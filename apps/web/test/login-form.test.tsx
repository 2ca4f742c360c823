// The one login form of the device page and the plant: what an owner sees after a refused
// login, after a server's failure, and after typing a space into the user name.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/client';
import { LoginForm } from '../src/components/login-form';
import { inEnglish } from './support/page-setup';
import { renderWithTexts } from './support/render';

inEnglish();

function logIn(check: () => Promise<void>) {
  renderWithTexts(
    <LoginForm title="Sign in" check={check} failed={(error) => `Server said ${error.status}`} />,
  );
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the login form', () => {
  it("says 'Invalid credentials' when the login is refused", async () => {
    logIn(() => Promise.reject(new ApiError('Invalid credentials', 401)));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');
  });

  it("tells a server's failure apart, in the words the page gives it", async () => {
    logIn(() => Promise.reject(new ApiError('Invalid credentials', 500)));
    expect((await screen.findByRole('alert')).textContent).toBe('Server said 500');
  });

  it('asks for both fields before it checks anything', () => {
    const check = vi.fn(() => Promise.resolve());
    renderWithTexts(<LoginForm title="Sign in" check={check} failed={() => ''} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(check).not.toHaveBeenCalled();
  });

  it('drops a space from the user name and keeps saying why', () => {
    renderWithTexts(<LoginForm title="Sign in" check={() => Promise.resolve()} failed={() => ''} />);
    const username = screen.getByLabelText('Username');
    fireEvent.change(username, { target: { value: 'ad min' } });
    fireEvent.change(username, { target: { value: 'admins' } });
    expect((username as HTMLInputElement).value).toBe('admins');
    expect(screen.getByText('The user name cannot contain spaces.')).toBeTruthy();
  });
});
