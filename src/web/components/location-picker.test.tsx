import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Location } from '#shared/api/locations.ts';
import { userEvent } from '../test/user.ts';
import { renderScreen } from '../test/render.tsx';
import { LocationPicker } from './location-picker.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../lib/api-client.ts', () => ({ api }));

const shanghai: Location = {
  code: 'CNSHA', name: 'Shanghai', country: 'CN', subdivision: 'SH', functions: ['port', 'airport'], lat: 31.2333, lon: 121.4833,
  coordinates: 'city', coordinates_flag: null, unece: { name: 'Shanghai Hongqiao International Apt', functions: ['airport'], port: 'CNSHG' },
};
const shanghaiPort: Location = {
  code: 'CNSHG', name: 'Shanghai Pt', country: 'CN', subdivision: 'SH', functions: ['port'], lat: null, lon: null, coordinates: null, coordinates_flag: null, unece: null,
};

describe('the location picker', () => {
  beforeEach(() => vi.clearAllMocks());

  it('searches the ports of a sea quote and shows what each place serves, with UNECE’s own record of a trade code', async () => {
    api.get.mockResolvedValue([shanghai, shanghaiPort]);
    renderScreen(<LocationPicker aria-label="Origin" mode="sea_fcl" />, '/');
    await userEvent.type(screen.getByRole('combobox', { name: 'Origin' }), 'shanghai');
    expect(await screen.findByText('Shanghai (CNSHA)')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/locations/search', expect.objectContaining({ params: { q: 'shanghai', country: undefined, function: 'port', limit: 10 } }));
    expect(screen.getByText("UN/LOCODE lists this code as Shanghai Hongqiao International Apt (Airport). UNECE's port entry: CNSHG.")).toBeTruthy();
    expect(screen.getAllByText('Port')).toHaveLength(2);
    expect(screen.getAllByText('Airport')).toHaveLength(1);
    expect(screen.getByText('Shanghai Pt (CNSHG)')).toBeTruthy();
  });

  it('shows what each place serves without a mode too (profile, organisation addresses, tracking events)', async () => {
    const felixstowe: Location = { ...shanghaiPort, code: 'GBFXT', name: 'Felixstowe', country: 'GB', subdivision: 'SFK', functions: ['port', 'rail', 'road'] };
    const heathrow: Location = { ...shanghaiPort, code: 'GBLHR', name: 'Heathrow Apt/London', country: 'GB', subdivision: null, functions: ['airport', 'road'] };
    api.get.mockResolvedValue([felixstowe, heathrow]);
    renderScreen(<LocationPicker aria-label="Office" />, '/');
    await userEvent.type(screen.getByRole('combobox', { name: 'Office' }), 'gb');
    const felix = await screen.findByText('Felixstowe (GBFXT)');
    expect(api.get).toHaveBeenLastCalledWith('/locations/search', expect.objectContaining({ params: expect.objectContaining({ q: 'gb', function: undefined }) }));
    expect(felix.closest('.ant-select-item-option')?.textContent).toBe('Felixstowe (GBFXT)PortRailRoad');
    expect(screen.getByText('Heathrow Apt/London (GBLHR)').closest('.ant-select-item-option')?.textContent).toBe('Heathrow Apt/London (GBLHR)AirportRoad');
  });

  it('searches airports for an air shipment and anything without a mode', async () => {
    api.get.mockResolvedValue([]);
    const { unmount } = renderScreen(<LocationPicker aria-label="From" mode="air" />, '/');
    await userEvent.type(screen.getByRole('combobox', { name: 'From' }), 'hkg');
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/locations/search', expect.objectContaining({ params: expect.objectContaining({ q: 'hkg', function: 'airport' }) })));
    unmount();
    renderScreen(<LocationPicker aria-label="Office" />, '/');
    await userEvent.type(screen.getByRole('combobox', { name: 'Office' }), 'felix');
    await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/locations/search', expect.objectContaining({ params: expect.objectContaining({ q: 'felix', function: undefined }) })));
  });
});
