import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Booking, Shipment } from '#shared/api/operations.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { localMoment } from '../../components/moment-input.tsx';
import { userEvent } from '../../test/user.ts';
import { BookingScreen } from './booking-screen.tsx';
import { ShipmentScreen } from './shipment-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const party = (name: string): Shipment['shipper'] => ({ name, address: '1 Dock Road', contact: null, email: null, phone: null });
const doc = (over: Partial<Shipment['documents'][number]>): Shipment['documents'][number] => ({
  id: 'd1', type: 'arrival_notice', without_origin: false, number: 'DOC-2026-00003', version: 1, language: 'en', shipment_id: 's1', booking_id: 'b1', bytes: 1000, emailed: [],
  created_at: '2026-11-20T09:00:00.000Z', reference: 'S-2026-00007', latest: true, outdated: false, ...over,
});
const base: Shipment = {
  id: 's1', number: 'S-2026-00007', house_ref: 'HBL-2026-00004', master_ref: 'COSU6425187730', mode: 'sea_fcl', status: 'in_transit', signoff_status: 'open',
  client_name: 'Harrogate Home & Garden Ltd', origin: 'CNSHA', destination: 'GBFXT', etd: '2026-11-14T14:00:00.000Z', eta: '2026-12-18T06:00:00.000Z',
  eta_planned: '2026-12-16T06:00:00.000Z', atd: '2026-11-14T14:00:00.000Z', ata: null, delay_hours: 48, last_event: null,
  created_at: '2026-11-07T09:00:00.000Z', booking_id: 'b1', booking_number: 'B-2026-00001', client: null, origin_name: 'Shanghai', destination_name: 'Felixstowe', incoterm: 'FOB',
  place_of_receipt: null, pol: 'CNSHA', pod: 'GBFXT', place_of_delivery: null, place_names: { CNSHA: 'Shanghai', GBFXT: 'Felixstowe' },
  shipper: party('Shanghai Dongfang Furniture'), consignee: party('Harrogate Home & Garden Ltd'), notify_party: null, carrier: 'COSCO Shipping Lines', vessel: 'COSCO Shipping Aries', voyage: '056W', flight: null,
  legs: [], cut_offs: [], packages: [], goods_description: 'Garden furniture', free_days: 7, currency: 'GBP', frozen_rate: null,
  charges: [{ charge_code_id: null, description: 'Ocean freight', quoted_sell_minor: 370000, quoted_buy_minor: 300000, actual_sell_minor: null, actual_buy_minor: null, payment: 'prepaid' }],
  quoted: { sell_minor: 370000, buy_minor: 300000, profit_minor: 70000, margin_pct: '18.92' },
  actual: { sell_minor: 370000, buy_minor: 300000, profit_minor: 70000, margin_pct: '18.92' },
  containers: [], documents: [doc({})], tasks: [{ id: 't1', title: 'Send the arrival notice', status: 'todo', priority: 'normal', due_on: '2026-12-15', assignee_user_id: null }],
  open_exceptions: 0, following: true, tracking_link: { active: false, shows: null }, updated_at: '2026-11-20T09:00:00.000Z',
};

function at(pattern: string, path: string, element: ReactElement) {
  return renderRoutes([{ path: pattern, element }], path);
}
const as = (permissions: string[]) => useSessionStore.getState().logIn(sessionUser({ permissions }));
afterEach(() => {
  useSessionStore.getState().clear();
  queryClient.clear();
});
const drawer = async () => within(await screen.findByRole('dialog'));
/** Types q into the drawer's place field labelled label; answers the location function the search asked for. */
async function searchedFunction(d: Awaited<ReturnType<typeof drawer>>, label: string, q: string) {
  await userEvent.type(d.getByRole('combobox', { name: label }), q);
  await waitFor(() => expect(api.get).toHaveBeenCalledWith('/locations/search', expect.objectContaining({ params: expect.objectContaining({ q }) })));
  return api.get.mock.calls.filter(([url, o]) => url === '/locations/search' && o.params.q === q).at(-1)![1].params.function;
}

describe('editing a shipment', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.list.mockResolvedValue({ data: [], meta: { total: 0, page: 1, per_page: 100, next_cursor: null } });
    as(['operations.view', 'operations.update', 'documents.create', 'crm.view']);
  });

  it('moves the Estimated Time of Arrival of a shipment under way (its departure has happened) and says the tasks moved with it', async () => {
    api.get.mockResolvedValue(base);
    api.patch.mockResolvedValueOnce({ ...base, eta: '2026-12-20T06:00:00.000Z', tasks: [{ ...base.tasks[0], due_on: '2026-12-17' }], documents: [doc({ outdated: true })] });
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Dates and cut-offs' }));
    const d = await drawer();
    // It has left: the field shows the actual departure, named as the overview names it.
    expect(await d.findByText('Actual time of departure')).toBeTruthy();
    expect(d.queryByText('Estimated Time of Departure')).toBeNull();
    expect(d.getByText(/It left on .*: the departure is no longer planned\./)).toBeTruthy();
    // The browser's own date and time picker, in the reader's time zone.
    const eta = d.getByLabelText(/^Estimated Time of Arrival/) as HTMLInputElement;
    expect(eta.type).toBe('datetime-local');
    expect(eta.value).toBe(localMoment('2026-12-18T06:00:00.000Z'));
    expect((d.getByLabelText(/^Actual time of departure/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(eta, { target: { value: '2026-12-20T06:00' } });
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1));
    const [url, body] = api.patch.mock.calls[0];
    expect(url).toBe('/shipments/s1');
    // The departure has happened: it is not sent.
    expect(Object.keys(body).sort()).toEqual(['cut_offs', 'eta']);
    expect(new Date(body.eta).getTime()).toBe(new Date(2026, 11, 20, 6, 0).getTime());
    expect(await screen.findByText('Shipment saved: 1 task moved with its dates.')).toBeTruthy();
    // The arrival notice printed the old ETA: the page offers to regenerate it.
    expect(await screen.findByText('1 document was generated from older data')).toBeTruthy();
  });

  it('fills a party from the CRM, and shows the server’s field errors on the fields', async () => {
    api.get.mockImplementation(async (url: string) => (url === '/clients/parties'
      ? [{ kind: 'native_organisation', id: 'n1', label: 'Pennine Outdoor Clothing Ltd', party: { name: 'Pennine Outdoor Clothing Ltd', address: '14 Ancoats Street, M4 6DE Manchester, United Kingdom', contact: 'Daniel Hughes', email: 'daniel@pennine.example', phone: null } }]
      : base));
    api.patch.mockRejectedValueOnce(new ApiFailure({ status: 422, code: 'validation_failed', message: 'Check the fields.', fields: { 'notify_party.email': 'Enter a valid email address.' } }));
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Parties' }));
    const d = await drawer();
    await userEvent.type(d.getByRole('combobox', { name: 'Find the Notify party in the CRM' }), 'penn');
    await userEvent.click(await screen.findByText('Pennine Outdoor Clothing Ltd · Client'));
    const notify = d.getAllByLabelText(/^Address/)[2] as HTMLTextAreaElement;
    expect(notify.value).toBe('14 Ancoats Street, M4 6DE Manchester, United Kingdom');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalled());
    expect(api.patch.mock.calls[0][1]).toEqual({
      shipper: base.shipper, consignee: base.consignee,
      notify_party: { name: 'Pennine Outdoor Clothing Ltd', address: '14 Ancoats Street, M4 6DE Manchester, United Kingdom', contact: 'Daniel Hughes', email: 'daniel@pennine.example', phone: null },
    });
    // The API's English sentence, shown in the interface's words on the notify party's e-mail.
    const email = d.getAllByLabelText(/^E-mail/)[2].closest('.ant-form-item') as HTMLElement;
    expect(await within(email).findByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('searches the ports of a sea shipment for its route, and anywhere for its places of receipt and delivery (issue 21)', async () => {
    api.get.mockImplementation(async (url: string) => (url === '/locations/search' ? [] : base));
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Route and carriage' }));
    const d = await drawer();
    const searched = (label: string, q: string) => searchedFunction(d, label, q);
    expect(await searched('Port of loading', 'ningbo')).toBe('port');
    expect(await searched('Destination', 'felix')).toBe('port');
    expect(await searched('Place of receipt', 'yiwu')).toBeUndefined();
  });

  it('searches a road leg’s places anywhere, road terminals first (a truck leaves Felixstowe, a port only), and a sea leg’s among ports', async () => {
    const place = (code: string, name: string, functions: string[]) => ({ code, name, country: code.slice(0, 2), subdivision: null, functions, iata: null, lat: null, lon: null, unece: null });
    api.get.mockImplementation(async (url: string, o?: { params: { q: string } }) => (url === '/locations/search'
      ? (o!.params.q === 'harrogate' ? [place('CAHRG', 'Harrogate', ['port']), place('GBHRG', 'Harrogate', ['road', 'rail'])] : [place('GBFXT', 'Felixstowe', ['port'])])
      : { ...base, legs: [{ mode: 'sea', from: 'CNSHA', to: 'GBFXT', carrier: null, vessel: null, voyage: null, flight: null, etd: null, eta: null }, { mode: 'road', from: 'GBFXT', to: 'GBMNC', carrier: null, vessel: null, voyage: null, flight: null, etd: null, eta: null }] }));
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Route and carriage' }));
    const d = await drawer();
    const searched = (label: string, q: string) => searchedFunction(d, label, q);
    await d.findByRole('combobox', { name: 'Leg 1 to' });
    expect(await searched('Leg 1 to', 'felix')).toBe('port');
    expect(await searched('Leg 2 to', 'harrogate')).toBeUndefined();
    // Both Harrogates are offered; the English one with a road terminal first.
    const harrogates = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.textContent ?? '').filter((x) => x.includes('Harrogate'));
    await waitFor(() => expect(harrogates()).toHaveLength(2));
    const options = harrogates();
    expect(options[0]).toMatch(/GBHRG/);
    expect(options[1]).toMatch(/CAHRG/);
  });

  it('refuses a package size of 0 before sending, and shows a refusal without a field in the interface’s words', async () => {
    api.get.mockResolvedValue({ ...base, packages: [{ packages: 2, length_cm: '120', width_cm: '80', height_cm: '100', weight_kg: '250' }] });
    api.patch.mockRejectedValueOnce(new ApiFailure({ status: 409, code: 'job_locked', message: 'Accounts signed this job off: its charges do not change any more.' }))
      .mockRejectedValueOnce(new ApiFailure({ status: 409, code: 'conflict_of_some_kind', message: 'An English sentence.' }));
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Cargo' }));
    const d = await drawer();
    const width = d.getByLabelText('Width (cm) 1') as HTMLInputElement;
    await userEvent.clear(width);
    await userEvent.type(width, '0');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText('Enter more than 0.')).toBeTruthy();
    expect(api.patch).not.toHaveBeenCalled();
    // No "(optional)" beside the remove button: it has no label.
    expect(d.getByRole('button', { name: 'Remove package line 1' }).closest('.ant-col')!.textContent).toBe('');
    await userEvent.clear(width);
    await userEvent.type(width, '80.5');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText('Accounts signed this job off: it does not change any more.')).toBeTruthy();
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText('The shipment could not be saved as it is now: reload it and try again.')).toBeTruthy();
    expect(d.queryByText('An English sentence.')).toBeNull();
  });

  it('refuses a second cut-off of one kind, sends them earliest first, and has headings in order (axe)', async () => {
    api.get.mockResolvedValue({ ...base, status: 'booked', atd: null, cut_offs: [{ kind: 'vgm', at: '2026-11-12T12:00:00.000Z' }, { kind: 'documentation', at: '2026-11-10T12:00:00.000Z' }] });
    api.patch.mockResolvedValue(base);
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit: Dates and cut-offs' }));
    const d = await drawer();
    const { default: axe } = await import('axe-core');
    const found = await axe.run(d.getByText('Cut-offs').closest('.ant-drawer') as HTMLElement, { runOnly: ['heading-order'] });
    expect(found.violations).toEqual([]);
    await userEvent.click(d.getByRole('button', { name: 'Add a cut-off' }));
    fireEvent.change(d.getByLabelText('Time of cut-off 3'), { target: { value: '2026-11-11T12:00' } });
    // The new one is a documentation cut-off, as the second already is.
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findAllByText('There is already a cut-off of this kind.')).not.toHaveLength(0);
    expect(api.patch).not.toHaveBeenCalled();
    await userEvent.click(d.getByRole('button', { name: 'Remove cut-off 2' }));
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1));
    expect(api.patch.mock.calls[0][1].cut_offs.map((c: { kind: string }) => c.kind)).toEqual(['documentation', 'vgm']);
  });

  it('regenerates an outdated document in one click, and marks older versions', async () => {
    const s = { ...base, documents: [doc({ outdated: true }), doc({ id: 'd0', version: 1, number: 'DOC-2026-00001', type: 'hbl', latest: false })] };
    api.get.mockResolvedValue(s);
    api.post.mockResolvedValueOnce(doc({ id: 'd2', version: 2 }));
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    const alert = (await screen.findByText('1 document was generated from older data')).closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(alert).getByRole('button', { name: 'Regenerate Arrival notice DOC-2026-00003' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/shipments/s1/documents', { type: 'arrival_notice', without_origin: false, language: 'en' }));
    expect(await screen.findByText('DOC-2026-00003 version 2 is ready.')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: /Documents/ }));
    const table = await screen.findByRole('table', { name: /Documents/ });
    expect(within(table).getByText('Outdated')).toBeTruthy();
    expect(within(table).getByText('Older version')).toBeTruthy();
  });

  it('keeps charges exact: the actual cost typed in pounds and pence goes out in minor units, the profit follows as it is typed', async () => {
    api.get.mockResolvedValue(base);
    api.put.mockImplementation(async (_url: string, body: { charges: Shipment['charges'] }) => ({ ...base, charges: body.charges }));
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Costs and revenue' }));
    const cost = await screen.findByLabelText('Actual cost 1');
    await userEvent.type(cost, '3125.50');
    fireEvent.blur(cost);
    // 3 700.00 − 3 125.50 = 574.50 (15.53 %), before it is saved.
    const actual = [...document.querySelectorAll('.ant-card')].find((c) => c.querySelector('.ant-card-head-title')?.textContent === 'Actual') as HTMLElement;
    await waitFor(() => expect(within(actual).getByText(/£574\.50/)).toBeTruthy());
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save charges' }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(api.put.mock.calls[0][1].charges[0]).toMatchObject({ quoted_sell_minor: 370000, quoted_buy_minor: 300000, actual_buy_minor: 312550, actual_sell_minor: null });
  });

  it('shows a viewer (operations.view only) no action the server would refuse: no moves, sign-off, tracking link, generating or e-mailing', async () => {
    as(['operations.view', 'documents.view']);
    api.get.mockImplementation(async (url: string) => (url.endsWith('/events') ? [] : { ...base, status: 'delivered', documents: [doc({ outdated: true })] }));
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'S-2026-00007' })).toBeTruthy();
    for (const name of [/Close the job/, /Cancel shipment/, /Sign off/, /Client tracking link/, /Regenerate/]) expect(screen.queryByRole('button', { name })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /Documents/ }));
    const table = await screen.findByRole('table', { name: /Documents/ });
    expect(within(table).getByRole('link', { name: /PDF/ })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /E-mail/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Tracking' }));
    expect(await screen.findByText('No tracking events yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
  });

  it('shows the shipment’s history: who changed what, the tasks moved, statuses, and older pages on demand', async () => {
    const entry = (over: Record<string, unknown>) => ({ entity: 'shipment', actor: 'Olivia Owner', fields: [], before: {}, after: {}, tasks_moved: null, from: null, to: null, ...over });
    api.get.mockResolvedValue(base);
    api.list.mockImplementation(async (url: string, o: { params: { cursor?: string } }) => (url !== '/shipments/s1/activity' ? { data: [], meta: { next_cursor: null } }
      : o.params.cursor === 'c2'
        ? { data: [entry({ id: 'a3', at: '2026-11-07T09:00:00.000Z', entity: 'booking', action: 'update', fields: ['pol', 'legs'] })], meta: { next_cursor: null } }
        : { data: [
          entry({ id: 'a1', at: '2026-11-20T09:00:00.000Z', action: 'status', from: 'booked', to: 'in_transit' }),
          entry({ id: 'a2', at: '2026-11-19T09:00:00.000Z', action: 'update', fields: ['eta', 'free_days'], tasks_moved: 2 }),
        ], meta: { next_cursor: 'c2' } }));
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Booked → In transit')).toBeTruthy();
    expect(screen.getByText('ETA, Free time')).toBeTruthy();
    expect(screen.getByText('2 tasks moved with its dates')).toBeTruthy();
    expect(screen.getAllByText('· Olivia Owner')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await screen.findByText('Port of loading, Transport plan')).toBeTruthy();
    expect(screen.getByText('Booking')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
  });

  it('offers no edit to a role that may not change operations, nor on a closed shipment', async () => {
    as(['operations.view']);
    api.get.mockResolvedValue(base);
    const view = at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'S-2026-00007' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    view.unmount();
    queryClient.clear();
    as(['operations.view', 'operations.update']);
    api.get.mockResolvedValue({ ...base, id: 's2', status: 'closed' });
    at('/s/:shipmentId', '/s/s2', <ShipmentScreen />);
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});

describe('editing a booking', () => {
  const booking: Booking = {
    id: 'b1', number: 'B-2026-00007', status: 'received', quote_id: 'q1', quote_number: 'Q-2026-00011', client: { type: 'native_organisation', id: 'n1', name: 'Harrogate Home & Garden Ltd' },
    contact_id: null, mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNNGB', destination: 'GBSOU', origin_name: 'Ningbo', destination_name: 'Southampton',
    place_names: { CNNGB: 'Ningbo', GBSOU: 'Southampton' }, parties: { shipper: null, consignee: null, notify: null, booking_party: null }, pol: null, pod: null, place_of_receipt: null, place_of_delivery: null,
    cargo: [], equipment: [{ iso_type: '45G1', count: 1 }], confirmed_equipment: [], legs: [], cut_offs: [], payment_term: 'prepaid', carrier_booking_reference: null,
    currency: 'GBP', charges: [], sell_minor: 256531, reason: null, shipment_id: null, shipment_number: null, created_at: '2026-11-25T11:30:00.000Z', updated_at: '2026-11-25T11:30:00.000Z',
  };
  beforeEach(() => {
    vi.clearAllMocks();
    api.list.mockResolvedValue({ data: [], meta: { total: 0, page: 1, per_page: 100, next_cursor: null } });
    as(['operations.view', 'operations.update']);
  });

  it('plans legs in the specification’s words while received, and shows the server’s error on the leg', async () => {
    const leg = { mode: 'sea' as const, from: 'CNNGB', to: 'GBSOU', carrier: 'CMA CGM', vessel: 'CMA CGM Jacques Saade', voyage: '0FLE3W1MA', flight: null, etd: '2026-12-05T14:00:00.000Z', eta: '2027-01-05T06:00:00.000Z' };
    api.get.mockResolvedValue({ ...booking, legs: [leg] });
    api.patch.mockRejectedValueOnce(new ApiFailure({ status: 422, code: 'validation_failed', message: 'Check the fields.', fields: { 'legs.0.eta': 'The arrival comes before the departure.' } }));
    at('/b/:bookingId', '/b/b1', <BookingScreen />);
    const card = (await screen.findByText('Leg 1')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Estimated Time of Departure')).toBeTruthy();
    expect(within(card).getByText('Estimated Time of Arrival')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save the booking' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1));
    expect(api.patch.mock.calls[0][1].legs).toEqual([leg]);
    const eta = within(card).getByLabelText('Leg 1: Estimated Time of Arrival').closest('.ant-form-item') as HTMLElement;
    expect(await within(eta).findByText('The arrival comes before the departure.')).toBeTruthy();
    // A new leg needs its places before anything is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Add a leg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save the booking' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(2);
    expect(api.patch).toHaveBeenCalledTimes(1);
  });

  it('corrects what was booked while received: Incoterm and equipment, sent with the route', async () => {
    api.get.mockResolvedValue(booking);
    api.patch.mockResolvedValue(booking);
    at('/b/:bookingId', '/b/b1', <BookingScreen />);
    const count = await screen.findByRole('spinbutton', { name: 'Number of containers 1' });
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add containers' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Container type 2' }), '22G1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Incoterm' }));
    await userEvent.click((await screen.findAllByTitle('FCA')).at(-1)!);
    await userEvent.click(screen.getByRole('button', { name: 'Save the booking' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1));
    expect(api.patch.mock.calls[0][1]).toMatchObject({ origin: 'CNNGB', destination: 'GBSOU', incoterm: 'FCA', equipment: [{ iso_type: '45G1', count: 3 }, { iso_type: '22G1', count: 1 }] });
    expect(api.patch.mock.calls[0][1]).not.toHaveProperty('cargo');
  });

  it('is read only for a viewer (operations.view only), without Save, Confirm, Reject or Cancel', async () => {
    as(['operations.view']);
    api.get.mockResolvedValue(booking);
    at('/b/:bookingId', '/b/b1', <BookingScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'B-2026-00007' })).toBeTruthy();
    for (const name of ['Save the booking', 'Confirm', 'Reject', 'Cancel booking', 'Add a leg', 'Add a cut-off', 'Add containers']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Carrier booking reference' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('sends no charge’s term unless one was changed, and a term set back to the booking’s as null', async () => {
    const charge = (description: string, payment?: 'prepaid' | 'collect'): Booking['charges'][number] => ({
      charge_code_id: null, description, basis: 'per_shipment', quantity: '1', sell: { amount_minor: 10000, currency: 'GBP' }, sell_in_quote_minor: 10000, ...(payment && { payment }),
    });
    const b = { ...booking, charges: [charge('Ocean freight'), charge('Destination THC', 'collect')] };
    api.get.mockResolvedValue(b);
    api.patch.mockResolvedValue(b);
    at('/b/:bookingId', '/b/b1', <BookingScreen />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Carrier booking reference' }), 'MSC-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save the booking' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1));
    expect(api.patch.mock.calls[0][1]).toMatchObject({ carrier_booking_reference: 'MSC-1', payment_term: 'prepaid' });
    expect(api.patch.mock.calls[0][1]).not.toHaveProperty('charge_terms');
    // The THC back to the booking's term: null, not the booking's term written on it.
    await userEvent.click(screen.getByRole('combobox', { name: 'Prepaid or collect: Destination THC' }));
    await userEvent.click((await screen.findAllByTitle('As the booking (Prepaid)')).find((e) => e.classList.contains('ant-select-item-option'))!);
    await userEvent.click(screen.getByRole('button', { name: 'Save the booking' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(2));
    expect(api.patch.mock.calls[1][1].charge_terms).toEqual([null, null]);
  });

  it('reloads a booking confirmed meanwhile when its save is refused, read only then', async () => {
    api.get.mockResolvedValueOnce(booking).mockResolvedValue({ ...booking, status: 'confirmed', shipment_id: 's9', shipment_number: 'S-2026-00009' });
    api.patch.mockRejectedValueOnce(new ApiFailure({ status: 409, code: 'invalid_transition', message: 'A confirmed booking cannot be changed.' }));
    at('/b/:bookingId', '/b/b1', <BookingScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save the booking' }));
    expect(await screen.findByText('This booking is no longer received: change its details on its shipment.')).toBeTruthy();
    expect(await screen.findByText('The booking keeps what was agreed; from now on its details change on the shipment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save the booking' })).toBeNull();
  });

  it('is read only once confirmed, and says where its details change now', async () => {
    api.get.mockResolvedValue({ ...booking, status: 'confirmed', shipment_id: 's9', shipment_number: 'S-2026-00009' });
    at('/b/:bookingId', '/b/b1', <BookingScreen />);
    expect(await screen.findByText('The booking keeps what was agreed; from now on its details change on the shipment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save the booking' })).toBeNull();
    // Nothing to add or remove on a plan that no longer changes here.
    for (const name of ['Add a leg', 'Add a cut-off', /^Remove/]) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
