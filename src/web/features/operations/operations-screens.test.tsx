import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderRoutes } from '../../test/render.tsx';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { userEvent } from '../../test/user.ts';
import { ShipmentScreen } from './shipment-screen.tsx';
import { BookingScreen } from './booking-screen.tsx';
import { ExceptionsScreen } from './exceptions-screen.tsx';
import { ApiFailure } from '../../lib/api-failure.ts';
import { PublicTrackingScreen, TrackingScreen, TrackingViewScreen } from './tracking-screens.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const party = (name: string) => ({ name, address: '1 Dock Road', contact: null, email: null, phone: null });
const shipment = {
  id: 's1', number: 'S-2026-00007', house_ref: 'HBL-2026-00004', master_ref: 'COSU6425187730', mode: 'sea_fcl', status: 'in_transit', signoff_status: 'open',
  client_name: 'Harrogate Home & Garden Ltd', origin: 'CNSHA', destination: 'GBFXT', etd: '2026-11-14T14:00:00.000Z', eta: '2026-12-18T06:00:00.000Z',
  eta_planned: '2026-12-16T06:00:00.000Z', atd: '2026-11-14T14:00:00.000Z', ata: null, delay_hours: 48, last_event: { code: 'DEPA', classifier: 'ACT', location: 'CNSHA', occurred_at: '2026-11-14T14:00:00.000Z' },
  created_at: '2026-11-07T09:00:00.000Z', booking_id: 'b1', booking_number: 'B-2026-00001', client: null, origin_name: 'Shanghai', destination_name: 'Felixstowe', incoterm: 'FOB',
  place_of_receipt: null, pol: 'CNSHA', pod: 'GBFXT', place_of_delivery: null, place_names: { CNSHA: 'Shanghai', GBFXT: 'Felixstowe' },
  shipper: party('上海东方家具制造有限公司'), consignee: party('Harrogate Home & Garden Ltd'), notify_party: null, carrier: 'COSCO Shipping Lines', vessel: 'COSCO Shipping Aries', voyage: '056W', flight: null,
  legs: [], cut_offs: [], packages: [], goods_description: 'Garden furniture', free_days: 7, currency: 'GBP',
  charges: [{ charge_code_id: null, description: 'Ocean freight', quoted_sell_minor: 370000, quoted_buy_minor: 300000, actual_sell_minor: null, actual_buy_minor: 312550, payment: 'prepaid' }],
  quoted: { sell_minor: 370000, buy_minor: 300000, profit_minor: 70000, margin_pct: '18.92' },
  actual: { sell_minor: 370000, buy_minor: 312550, profit_minor: 57450, margin_pct: '15.53' },
  containers: [], documents: [], tasks: [], open_exceptions: 1, following: true, tracking_link: { active: false, shows: null }, updated_at: '2026-11-20T09:00:00.000Z',
};

/** The screen under its real route pattern, so that useParams has the id. */
function at(pattern: string, path: string, element: ReactElement) {
  return renderRoutes([{ path: pattern, element }], path);
}

// Staff who may change operations and their documents: the pages show what the role may do.
const staff = () => useSessionStore.getState().logIn(sessionUser({ permissions: ['operations.view', 'operations.update', 'documents.view', 'documents.create', 'documents.update'] }));

describe('shipment page (with its id)', () => {
  beforeEach(() => {
    staff();
    vi.clearAllMocks();
    api.list.mockResolvedValue({ data: [], meta: { total: 0, page: 1, per_page: 100, next_cursor: null } });
  });

  it('shows the delay and the open exception, refuses a wrong check digit in the browser and adds a right container', async () => {
    api.get.mockResolvedValue(shipment);
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'S-2026-00007' })).toBeTruthy();
    expect(screen.getByText('+48 h')).toBeTruthy();
    expect(screen.getByRole('link', { name: '1 open exception on this shipment' }).getAttribute('href')).toBe('/exceptions?shipment=s1');
    await userEvent.click(screen.getByRole('tab', { name: /Containers/ }));
    await userEvent.type(await screen.findByLabelText('Container number'), 'MSCU1234565');
    await userEvent.type(screen.getByLabelText('Size and type'), '45G1');
    await userEvent.click(screen.getByRole('button', { name: 'Add container' }));
    expect(await screen.findByText('The check digit does not match: check the number')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Container number'));
    await userEvent.type(screen.getByLabelText('Container number'), 'mscu 123456-6');
    api.post.mockResolvedValueOnce({ id: 'c1', number: 'MSCU1234566', iso_type: '45G1', seal: null, gated_out: false, discharged_at: null });
    await userEvent.click(screen.getByRole('button', { name: 'Add container' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/shipments/s1/containers', { number: 'mscu 123456-6', iso_type: '45G1', seal: null }));
  });

  it('shows costs and revenue as quoted and actual', async () => {
    api.get.mockResolvedValue(shipment);
    at('/s/:shipmentId', '/s/s1', <ShipmentScreen />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Costs and revenue' }));
    // The tab loads when first opened.
    const actual = await waitFor(() => {
      const card = [...document.querySelectorAll('.ant-card')].find((c) => c.querySelector('.ant-card-head-title')?.textContent === 'Actual');
      if (!card) throw new Error('The Actual card is not there yet.');
      return card as HTMLElement;
    });
    expect(within(actual).getByText('£3,125.50')).toBeTruthy();
    expect(within(actual).getByText(/£574\.50/)).toBeTruthy();
  });
});

describe('booking page', () => {
  beforeEach(() => {
    staff();
    vi.clearAllMocks();
    api.list.mockResolvedValue({ data: [], meta: { total: 0, page: 1, per_page: 100, next_cursor: null } });
  });

  it('confirms a received booking with the carrier’s reference and links the shipment it opened', async () => {
    const booking = {
      id: 'b1', number: 'B-2026-00007', status: 'received', quote_id: 'q1', quote_number: 'Q-2026-00011', client: { type: 'native_organisation', id: 'n1', name: 'Harrogate Home & Garden Ltd' },
      contact_id: null, mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNNGB', destination: 'GBSOU', origin_name: 'Ningbo', destination_name: 'Southampton', place_names: {},
      parties: { shipper: null, consignee: null, notify: null, booking_party: null }, pol: null, pod: null, place_of_receipt: null, place_of_delivery: null,
      cargo: [], equipment: [{ iso_type: '45G1', count: 1 }], confirmed_equipment: [], legs: [], cut_offs: [], payment_term: 'prepaid', carrier_booking_reference: null,
      currency: 'GBP', charges: [], sell_minor: 256531, reason: null, shipment_id: null, shipment_number: null, created_at: '2026-11-25T11:30:00.000Z', updated_at: '2026-11-25T11:30:00.000Z',
    };
    api.get.mockResolvedValue(booking);
    api.post.mockResolvedValueOnce({ ...booking, status: 'confirmed', carrier_booking_reference: 'CMAU-BK-1', shipment_id: 's9', shipment_number: 'S-2026-00009' });
    at('/b/:bookingId', '/b/b1', <BookingScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Carrier booking reference'), 'CMAU-BK-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/bookings/b1/confirm', { carrier_booking_reference: 'CMAU-BK-1' }));
    expect((await screen.findByRole('link', { name: 'S-2026-00009' })).getAttribute('href')).toBe('/organisation/crm/shipment-management/s9');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});

describe('exceptions', () => {
  beforeEach(() => vi.clearAllMocks());

  it('says what happened in words and resolves one with a note', async () => {
    const exception = {
      id: 'x1', kind: 'demurrage_risk', status: 'open', cause_key: 'MAEU1234567', details: { container: 'MAEU1234567', discharged_at: '2026-11-19T14:00:00Z', free_until: '2026-11-26T14:00:00Z' },
      shipment: { id: 's2', number: 'S-2026-00001', mode: 'sea_fcl', client_name: 'Pennine Outdoor Clothing Ltd' }, assignee: null, raised_at: '2026-11-26T05:00:00Z', reopened_count: 0,
      resolved_at: null, resolution_note: null, comments: [],
    };
    api.get.mockImplementation(async (url: string) => (url === '/exceptions' ? [exception] : url === '/staff' ? [] : exception));
    api.post.mockResolvedValueOnce({ ...exception, status: 'resolved', resolution_note: 'Haulier collected it this morning' });
    at('/exceptions', '/exceptions', <ExceptionsScreen />);
    expect(await screen.findByText(/MAEU1234567 is not gated out; free time ends/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.type(await screen.findByLabelText('How was it resolved?'), 'Haulier collected it this morning');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/exceptions/x1/resolve', { note: 'Haulier collected it this morning' }));
  });
});

describe('tracking screen', () => {
  beforeEach(() => vi.clearAllMocks());

  it('opens on the newest shipment with events and tells each event as the shipment page does: vessel, source, and a superseded estimate', async () => {
    const event = { shipment_id: 's1', event_type: 'TRANSPORT', container_number: null, vessel: null, voyage: null, recorded_at: '2026-11-20T09:00:00.000Z' };
    api.list.mockResolvedValue({ data: [shipment], meta: { total: 1, page: 1, per_page: 50, next_cursor: null } });
    api.get.mockImplementation(async (url: string) => {
      if (url !== '/shipments/s1/events') throw new Error(`unexpected ${url}`);
      return [
        { ...event, id: 'e2', code: 'ARRI', classifier: 'EST', location: 'GBFXT', location_name: 'Felixstowe', occurred_at: '2026-12-18T06:00:00.000Z', source: 'webhook', applied: false },
        { ...event, id: 'e1', code: 'DEPA', classifier: 'ACT', location: 'CNSHA', location_name: 'Shanghai', occurred_at: '2026-11-14T14:00:00.000Z', vessel: 'COSCO Shipping Aries', voyage: '056W', source: 'staff', applied: true },
      ];
    });
    at('/tracking', '/tracking', <TrackingScreen />);
    expect(await screen.findByText(/Shanghai · COSCO Shipping Aries 056W/)).toBeTruthy();
    expect(screen.getByText('Entered by staff')).toBeTruthy();
    expect(screen.getByText('Received from the carrier · a newer estimate was already in')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/shipments/s1/events');
  });
});

describe('tracking view (shipments under way)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the shipments under way with their delay', async () => {
    api.get.mockResolvedValue([shipment]);
    at('/tracking-view', '/tracking-view', <TrackingViewScreen />);
    expect(await screen.findByRole('link', { name: 'S-2026-00007' })).toBeTruthy();
    expect(screen.getByText('1 shipment under way')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/tracking/active');
  });

  it('says the list is not shown to a role without the operations permission, not that nothing is under way', async () => {
    api.get.mockRejectedValue(new ApiFailure({ status: 403, code: 'forbidden', message: 'Your role does not allow this.' }));
    at('/tracking-view', '/tracking-view', <TrackingViewScreen />);
    expect(await screen.findByText('Shipments under way are not shown to your role')).toBeTruthy();
    expect(screen.queryByText('No shipment is under way.')).toBeNull();
    expect(screen.queryByText(/0 shipments under way/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the list could not be loaded and reads it again on request', async () => {
    api.get.mockRejectedValueOnce(new ApiFailure({ status: 422, code: 'validation_failed', message: 'x' })).mockResolvedValueOnce([shipment]);
    at('/tracking-view', '/tracking-view', <TrackingViewScreen />);
    expect(await screen.findByText('The shipments under way could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('No shipment is under way.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('link', { name: 'S-2026-00007' })).toBeTruthy();
  });
});

describe('client tracking page', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the shipment, its containers and events', async () => {
    api.get.mockResolvedValueOnce({
      organisation: 'Northwind Forwarding Ltd', number: 'S-2026-00002', house_ref: 'HBL-2026-00002', master_ref: null, mode: 'sea_fcl', status: 'in_transit',
      origin: 'CNSHA', origin_name: 'Shanghai', destination: 'GBFXT', destination_name: 'Felixstowe', etd: null, eta: '2026-12-18T06:00:00.000Z', atd: '2026-11-14T14:00:00.000Z', ata: null,
      shipper: null, consignee: null, containers: [{ number: 'MSCU1234566', iso_type: '45G1' }],
      events: [{ code: 'DEPA', classifier: 'ACT', location: 'CNSHA', location_name: 'Shanghai', occurred_at: '2026-11-14T14:00:00.000Z', container_number: null }],
    });
    at('/track/:token', '/track/abc', <PublicTrackingScreen />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Shipment S-2026-00002' })).toBeTruthy();
    expect(screen.getByText('MSCU1234566 (45G1)')).toBeTruthy();
    expect(screen.getAllByText('Departure').length).toBeGreaterThan(0);
  });
});
