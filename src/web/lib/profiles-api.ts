/** The profile calls and their query keys: the profile screens and the organisation drawer share them. */
import type { OrganisationProfile, Profile, UpdateProfileBody } from '#shared/api/profiles.ts';
import { api } from './api-client.ts';

export const profileKeys = {
  all: ['profiles'] as const,
  person: (userId: string) => ['profiles', 'person', userId] as const,
  organisation: (organisationId: string) => ['profiles', 'organisation', organisationId] as const,
};

export const profilesApi = {
  get: (userId: string) => api.get<Profile>(`/profiles/${userId}`),
  /** Changes the own profile: only the fields given; answers the profile as GET does for oneself. */
  update: (body: UpdateProfileBody) => api.patch<Profile>('/profile', body),
  uploadCover: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<Profile>('/profile/cover', body);
  },
  removeCover: () => api.delete<Profile>('/profile/cover'),
  organisation: (organisationId: string) => api.get<OrganisationProfile>(`/organisations/${organisationId}/public-profile`),
};

/** Where a person's messages are: the chats screen opens (or starts) the conversation with them. */
export const chatWith = (userId: string) => `/chats?with=${encodeURIComponent(userId)}`;
