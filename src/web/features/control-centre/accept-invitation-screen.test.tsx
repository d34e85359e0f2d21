import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { AcceptInvitationScreen } from './accept-invitation-screen.tsx';
import { failure } from './test-fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const LINK = '/invitations/accept?invitation=tok_1234567890&email=new%40example.com';
const joined = sessionUser({ id: 'u9', email: 'new@example.com', name: 'Nia', organisation: { id: 'o1', name: 'Northwind', status: 'active' } });
const stubs = { '/': 'home page', '/auth/login': 'login page' };

describe('accepting an invitation', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().clear();
    useSessionStore.getState().setRedirectPath(null);
    api.post.mockResolvedValue({ organisation_id: 'o1', organisation_name: 'Northwind' });
    api.get.mockResolvedValue(joined);
  });

  it('lets a visitor create the account with a name and a password, then logs them in', async () => {
    renderScreen(<AcceptInvitationScreen />, LINK, stubs);
    expect(screen.getByRole('heading', { name: 'You are invited to join an organisation' })).toBeTruthy();
    expect(screen.getByText('The invitation is for new@example.com.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('Please enter your name.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Name'), 'Nia');
    await userEvent.type(screen.getByLabelText('Password'), 'harbour-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/staff/invitations/tok_1234567890/accept', { name: 'Nia', password: 'harbour-42' }, { skipAuthRedirect: true });
    expect(api.get).toHaveBeenCalledWith('/user');
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, user: joined });
  });

  it('sends a visitor whose e-mail has an account to log in first, and back here afterwards', async () => {
    api.post.mockRejectedValue(failure(401, 'unauthenticated', 'Log in as new@example.com to accept this invitation.'));
    renderScreen(<AcceptInvitationScreen />, LINK, stubs);
    await userEvent.type(screen.getByLabelText('Name'), 'Nia');
    await userEvent.type(screen.getByLabelText('Password'), 'harbour-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText(/An account with new@example.com already exists/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Log in to accept' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(useSessionStore.getState().redirectPath).toBe(LINK);
  });

  it('lets a logged-in user accept with one click', async () => {
    useSessionStore.getState().logIn(sessionUser({ id: 'u9', email: 'new@example.com' }));
    renderScreen(<AcceptInvitationScreen />, LINK, stubs);
    await userEvent.click(screen.getByRole('button', { name: 'Join as new@example.com' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/staff/invitations/tok_1234567890/accept', {}, { skipAuthRedirect: false });
    expect(useSessionStore.getState().user?.organisation?.name).toBe('Northwind');
  });

  it('lets anyone with the link decline it, after saying what that means, and says nothing was kept', async () => {
    api.post.mockResolvedValue(null);
    renderScreen(<AcceptInvitationScreen />, LINK, stubs);
    await userEvent.click(screen.getByRole('button', { name: 'Decline the invitation' }));
    expect(screen.getByText('No account is made and nothing about you is kept. The link stops working.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: 'Decline the invitation' });
    await userEvent.click(buttons[0]);
    expect(await screen.findByText('Invitation declined')).toBeTruthy();
    expect(screen.getByText('Nothing about you was kept. You can close this page.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/staff/invitations/tok_1234567890/decline', undefined, { skipAuthRedirect: true });
    expect(screen.queryByRole('button', { name: 'Create account and join' })).toBeNull();
  });

  it('says so when the invitation is not valid any more', async () => {
    api.post.mockRejectedValue(failure(404, 'invitation_not_found'));
    useSessionStore.getState().logIn(sessionUser({ id: 'u9', email: 'new@example.com' }));
    renderScreen(<AcceptInvitationScreen />, LINK, stubs);
    await userEvent.click(screen.getByRole('button', { name: 'Join as new@example.com' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This invitation is not valid any more'));
  });
});
