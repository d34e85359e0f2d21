import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { userEvent } from '../../test/user.ts';
import { CareersScreen } from './careers-screen.tsx';
import { RecruitmentHub } from './recruitment-hub-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const opening = {
  id: 'o1', title: 'Air freight export coordinator', status: 'open', department_id: null, department_name: 'Air freight', hiring_manager_id: 'u1', hiring_manager_name: 'Olivia',
  location: 'GBLHR', location_name: 'London Heathrow', employment_type: 'full_time', description: 'Book air exports.', salary_min_minor: 3_200_000, salary_max_minor: 3_800_000,
  salary_currency: 'GBP', closes_on: null, public_slug: 'abcdefgh12345678', active_applicants: 5, applicants: 6, created_at: '2026-11-01T09:00:00Z', updated_at: '2026-11-01T09:00:00Z',
};
const applicant = {
  id: 'a1', opening_id: 'o1', opening_title: opening.title, stage_id: 's4', stage_name: 'Offer', status: 'active', name: 'Oluwaseun Adeyemi', email: 'seun@example.com', phone: null,
  cover_letter: null, cv: { name: 'cv.pdf', type: 'application/pdf', bytes: 2048 }, source: 'public', employee_id: null, rating: 5, invitation: null, created_at: '2026-11-02T09:00:00Z', updated_at: '2026-11-02T09:00:00Z',
};
const offer = {
  id: 'f1', applicant_id: 'a1', job_title: opening.title, contract_type: 'permanent', start_date: '2027-01-04', salary: { amount_minor: 3_700_000, currency: 'GBP', period: 'year' },
  hours_per_week: '37.5', probation_months: 3, notice_days: 30, status: 'accepted', contract_id: null, created_at: '2026-11-03T09:00:00Z', updated_at: '2026-11-03T09:00:00Z',
};

describe('recruitment hub', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'org', name: 'Northwind', status: 'active' }, premium: true }));
  });

  it('says plainly when the role has no access', async () => {
    api.get.mockRejectedValue(new ApiFailure({ status: 403, code: 'forbidden', message: 'Your role does not allow this (recruitment.view).' }));
    renderRoutes([{ path: '/recruitment-hub', element: <RecruitmentHub /> }], '/recruitment-hub');
    expect(await screen.findByText('You do not have access to recruitment')).toBeTruthy();
  });

  it('lists openings with their applicant counts and shows the pipeline by stage', async () => {
    api.get.mockImplementation(async (url: string) => {
      if (url === '/job-openings') return [opening];
      if (url === '/job-openings/o1/applicants') return { opening, stages: [{ id: 's1', name: 'Applied', position: 0, kind: 'active', applicants: [] }, { id: 's4', name: 'Offer', position: 3, kind: 'active', applicants: [applicant] }] };
      return [];
    });
    renderRoutes([{ path: '/recruitment-hub', element: <RecruitmentHub /> }], '/recruitment-hub');
    expect(await screen.findByText('5 in progress · 6 in all')).toBeTruthy();
    await userEvent.click(screen.getAllByText('Air freight export coordinator')[0]);
    expect(await screen.findByText('Oluwaseun Adeyemi')).toBeTruthy();
    expect(screen.getByText('Nobody here.')).toBeTruthy();
    // The card's e-mail address may wrap before its @ and dots only, never mid-word.
    const email = screen.getByRole('button', { name: 'Oluwaseun Adeyemi' }).querySelector('.fyn-soft-breaks');
    expect(email?.innerHTML).toBe('seun<wbr>@example<wbr>.com');
  });

  it('picks the opening’s place from the location search, not a typed code (issue 21)', async () => {
    const felixstowe = { code: 'GBFXT', name: 'Felixstowe', country: 'GB', subdivision: 'SFK', functions: ['port', 'rail', 'road'], lat: 51.96, lon: 1.35, coordinates: 'unece', coordinates_flag: null, unece: null };
    api.get.mockImplementation(async (url: string, options?: { params?: { q?: string } }) => {
      if (url === '/locations/search') return options?.params?.q?.toLowerCase().startsWith('felix') ? [felixstowe] : [];
      return [];
    });
    api.post.mockResolvedValue({ ...opening, id: 'o2', title: 'Warehouse planner', location: 'GBFXT', location_name: 'Felixstowe' });
    renderRoutes([{ path: '/recruitment-hub', element: <RecruitmentHub /> }], '/recruitment-hub');
    await userEvent.click(await screen.findByRole('button', { name: 'New opening' }));
    await userEvent.type(await screen.findByLabelText('Title'), 'Warehouse planner');
    await userEvent.type(screen.getByLabelText('Location (UN/LOCODE)'), 'Felix');
    expect(await screen.findByText('Port')).toBeTruthy();
    await userEvent.click(await screen.findByText('Felixstowe (GBFXT)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/job-openings', expect.objectContaining({ title: 'Warehouse planner', location: 'GBFXT' })));
  });

  it('hires by invitation: says it was sent, then shows the hire waiting for the person', async () => {
    let invited = false;
    const invitation = { id: 'i1', email: 'seun@example.com', sent_at: '2026-11-05T09:00:00Z', expires_at: '2099-11-12T09:00:00Z' };
    api.get.mockImplementation(async (url: string) => {
      if (url === '/job-openings') return [opening];
      if (url === '/applicants/a1') return { ...applicant, invitation: invited ? invitation : null, interviews: [], offers: [offer] };
      if (url === '/staff') return [];
      return [];
    });
    api.list.mockResolvedValue({ data: [], meta: { total: 0, page: 1, per_page: 100, next_cursor: null } });
    api.post.mockImplementation(async () => {
      invited = true;
      return { applicant_id: 'a1', status: 'invited', invitation_id: 'i1', expires_at: invitation.expires_at, user_id: null, employee_id: null, contract_id: null };
    });
    const { router } = renderRoutes([{ path: '/recruitment-hub', element: <RecruitmentHub /> }, { path: '/organisation/control-centre/staff', element: <p>Staff page</p> }], '/recruitment-hub?applicant=a1');
    await userEvent.click(await screen.findByRole('button', { name: 'Hire' }));
    expect(await screen.findByText('Hire Oluwaseun Adeyemi')).toBeTruthy();
    expect(screen.getByText(/Nothing changes on their side until they accept it/)).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Hire' });
    await userEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/applicants/a1/hire', {}));
    expect(await screen.findByText('Invitation sent to Oluwaseun Adeyemi')).toBeTruthy();
    expect(screen.queryByText('Oluwaseun Adeyemi is hired')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open contracts' })).toBeNull();
    // The hire waits for Oluwaseun: no second invitation while this one is valid.
    expect(await screen.findByText('Invitation pending')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Hire' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Staff list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisation/control-centre/staff'));
  });

  it('offers a new invitation once the last one expired unanswered', async () => {
    api.get.mockImplementation(async (url: string) => {
      if (url === '/job-openings') return [opening];
      if (url === '/applicants/a1') return { ...applicant, invitation: { id: 'i1', email: 'seun@example.com', sent_at: '2026-01-05T09:00:00Z', expires_at: '2026-01-12T09:00:00Z' }, interviews: [], offers: [offer] };
      return [];
    });
    renderRoutes([{ path: '/recruitment-hub', element: <RecruitmentHub /> }], '/recruitment-hub?applicant=a1');
    expect(await screen.findByText(/The invitation expired on .* without an answer/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send a new invitation' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('hires someone already on the team at once and links to the contract', async () => {
    api.get.mockImplementation(async (url: string) => {
      if (url === '/job-openings') return [opening];
      if (url === '/applicants/a1') return { ...applicant, interviews: [], offers: [offer] };
      if (url === '/staff') return [];
      return [];
    });
    api.list.mockResolvedValue({ data: [], meta: { total: 0, page: 1, per_page: 100, next_cursor: null } });
    api.post.mockResolvedValue({ applicant_id: 'a1', status: 'hired', invitation_id: null, expires_at: null, user_id: 'u9', employee_id: 'e1', contract_id: 'c1' });
    const { router } = renderRoutes([{ path: '/recruitment-hub', element: <RecruitmentHub /> }, { path: '/organisation/hr/contracts', element: <p>Contracts page</p> }], '/recruitment-hub?applicant=a1');
    await userEvent.click(await screen.findByRole('button', { name: 'Hire' }));
    const buttons = screen.getAllByRole('button', { name: 'Hire' });
    await userEvent.click(buttons[buttons.length - 1]);
    expect(await screen.findByText('Oluwaseun Adeyemi is hired')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open contracts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisation/hr/contracts'));
  });
});

describe('the public careers page', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the opening and thanks the applicant once the CV is sent', async () => {
    api.get.mockResolvedValue({ title: opening.title, organisation: 'Northwind Forwarding Ltd', location: 'GBLHR', location_name: 'London Heathrow', employment_type: 'full_time', description: 'Book air exports.', salary: null, closes_on: null });
    api.post.mockResolvedValue({ received: true, opening: opening.title, organisation: 'Northwind Forwarding Ltd' });
    renderRoutes([{ path: '/careers/:slug', element: <CareersScreen /> }], '/careers/abcdefgh12345678');
    expect(await screen.findByRole('heading', { name: opening.title })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Full name'), 'Priya Raman');
    await userEvent.type(screen.getByLabelText('E-mail'), 'priya@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Add your CV.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/public/openings/abcdefgh12345678/applications', expect.any(FormData)));
    const sent = api.post.mock.calls[0][1] as FormData;
    expect(sent.get('name')).toBe('Priya Raman');
    expect((sent.get('cv') as File).name).toBe('cv.pdf');
    expect(await screen.findByText('Thank you for applying')).toBeTruthy();
  });

  it('says so when the opening is not open', async () => {
    api.get.mockRejectedValue(new ApiFailure({ status: 404, code: 'opening_not_found', message: 'Gone' }));
    renderRoutes([{ path: '/careers/:slug', element: <CareersScreen /> }], '/careers/abcdefgh12345678');
    expect(await screen.findByText('This job is not open')).toBeTruthy();
  });
});
