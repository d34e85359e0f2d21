import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../../test/user.ts';
import { ApiFailure } from '../../../lib/api-failure.ts';
import { useDashboardStore, type WeatherPlace } from '../../../lib/dashboard-store.ts';
import { renderScreen } from '../../../test/render.tsx';
import { WeatherWidget } from './weather-widget.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ api }));

const rotterdam: WeatherPlace = { code: 'NLRTM', name: 'Rotterdam', country: 'NL', lat: 51.92, lon: 4.48 };

describe('weather widget', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useDashboardStore.getState().reset();
  });

  it('says plainly that no provider can be reached (503), keeping the place', async () => {
    useDashboardStore.getState().setWeatherPlace(rotterdam);
    api.get.mockRejectedValue(new ApiFailure({ status: 503, code: 'weather_unavailable', message: 'No provider' }));
    renderScreen(<WeatherWidget />, '/');
    expect(await screen.findByText('No weather provider can be reached right now.')).toBeTruthy();
    expect(screen.getByText('Rotterdam, NL (NLRTM)')).toBeTruthy();
    expect(useDashboardStore.getState().weatherPlace).toEqual(rotterdam);
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.get).toHaveBeenCalledWith('/weather', { params: { lat: 51.92, lon: 4.48 }, silent: true });
  });

  it('shows temperature, the kind of weather, wind and when it was observed', async () => {
    useDashboardStore.getState().setWeatherPlace(rotterdam);
    api.get.mockResolvedValue({
      provider: 'open-meteo',
      temperature_c: 12.4,
      weather_code: 3,
      wind_kmh: 15.2,
      observed_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    renderScreen(<WeatherWidget />, '/');
    expect(await screen.findByText('12°C')).toBeTruthy();
    expect(screen.getByText('Cloudy')).toBeTruthy();
    expect(screen.getByText('Wind 15 km/h')).toBeTruthy();
    expect(screen.getByText('Updated 5 minutes ago')).toBeTruthy();
  });

  it('finds a place by search; a place without coordinates cannot be chosen', async () => {
    api.get.mockImplementation((url: string) => {
      if (url === '/locations/search')
        return Promise.resolve([
          { code: 'NLRTM', name: 'Rotterdam', country: 'NL', subdivision: 'ZH', functions: ['port'], lat: 51.92, lon: 4.48, coordinates: 'unece', coordinates_flag: null, unece: null },
          { code: 'NLRTX', name: 'Rotterdam Nowhere', country: 'NL', subdivision: null, functions: ['road'], lat: null, lon: null, coordinates: null, coordinates_flag: null, unece: null },
        ]);
      return new Promise(() => {});
    });
    renderScreen(<WeatherWidget />, '/');
    expect(await screen.findByText('Choose a place to see its current weather.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Choose a place' }));
    const input = await screen.findByLabelText('Place');
    await userEvent.click(input);
    fireEvent.change(input, { target: { value: 'rotter' } });
    const option = await screen.findByText('Rotterdam, NL (NLRTM)');
    expect(api.get).toHaveBeenCalledWith('/locations/search', { params: { q: 'rotter', limit: 10 }, silent: true });
    expect(api.get).toHaveBeenCalledTimes(1);
    const unusable = screen.getByText('Rotterdam Nowhere, NL (NLRTX) — no coordinates, cannot be chosen');
    expect(unusable.closest('.ant-select-item-option')?.getAttribute('aria-disabled')).toBe('true');
    // What each place serves, as the pickers with a mode show it.
    expect(option.closest('.ant-select-item-option')?.textContent).toContain('Port');
    expect(unusable.closest('.ant-select-item-option')?.textContent).toContain('Road');

    await userEvent.click(option);
    await waitFor(() => expect(useDashboardStore.getState().weatherPlace).toEqual(rotterdam));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/weather', { params: { lat: 51.92, lon: 4.48 }, silent: true }));
    expect(screen.getByRole('button', { name: 'Change place' })).toBeTruthy();
  });
});
