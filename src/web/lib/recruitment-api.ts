/** The recruitment hub's calls and their query keys: openings, pipelines, applicants, interviews, offers, hire, and the public page. */
import type {
  ApplicantBody, ApplicantDetail, HireBody, HireResult, Interview, InterviewBody, Offer, OfferBody, Opening, OpeningBody, Pipeline, PublicOpening, Stage,
} from '#shared/api/recruitment.ts';
import type { OfferAction } from '#shared/recruitment/model.ts';
import { api } from './api-client.ts';
import type { MemberOption } from './member-options.ts';

export type StaffOption = MemberOption;
export type DepartmentOption = { id: string; name: string };
export type RoleOption = { id: string; name: string; builtin: string | null };

export const recruitmentKeys = {
  all: ['recruitment'] as const,
  openings: ['recruitment', 'openings'] as const,
  pipeline: (id: string) => ['recruitment', 'pipeline', id] as const,
  applicant: (id: string) => ['recruitment', 'applicant', id] as const,
  stages: ['recruitment', 'stages'] as const,
  staff: ['recruitment', 'staff'] as const,
  departments: ['recruitment', 'departments'] as const,
  roles: ['recruitment', 'roles'] as const,
  publicOpening: (slug: string) => ['careers', slug] as const,
};

export const recruitmentApi = {
  openings: () => api.get<Opening[]>('/job-openings', { silent: true }),
  createOpening: (body: OpeningBody) => api.post<Opening>('/job-openings', body),
  updateOpening: (id: string, body: Partial<OpeningBody>) => api.patch<Opening>(`/job-openings/${id}`, body),
  deleteOpening: (id: string) => api.delete(`/job-openings/${id}`),
  openingAction: (id: string, action: 'open' | 'close') => api.post<Opening>(`/job-openings/${id}/${action}`),
  pipeline: (id: string) => api.get<Pipeline>(`/job-openings/${id}/applicants`),
  applicant: (id: string) => api.get<ApplicantDetail>(`/applicants/${id}`),
  addApplicant: (body: ApplicantBody) => api.post<ApplicantDetail>('/applicants', body),
  move: (id: string, stageId: string) => api.post<ApplicantDetail>(`/applicants/${id}/move`, { stage_id: stageId }),
  reject: (id: string, reason: string | null) => api.post<ApplicantDetail>(`/applicants/${id}/reject`, { reason }),
  scheduleInterview: (body: InterviewBody) => api.post<Interview>('/interviews', body),
  updateInterview: (id: string, body: Record<string, unknown>) => api.patch<Interview>(`/interviews/${id}`, body),
  makeOffer: (body: OfferBody) => api.post<Offer>('/offers', body),
  offerAction: (id: string, action: OfferAction) => api.post<Offer>(`/offers/${id}/${action}`),
  hire: (id: string, body: HireBody) => api.post<HireResult>(`/applicants/${id}/hire`, body),
  stages: async () => (await api.list<Stage>('/recruitment-stages', { params: { per_page: 100, sort: 'position' }, silent: true })).data,
  staff: () => api.get<StaffOption[]>('/staff', { silent: true }).catch(() => [] as StaffOption[]),
  departments: async () => (await api.list<DepartmentOption>('/departments', { params: { per_page: 100 }, silent: true }).catch(() => ({ data: [] as DepartmentOption[] }))).data,
  roles: async () => (await api.list<RoleOption>('/roles', { params: { per_page: 100 }, silent: true }).catch(() => ({ data: [] as RoleOption[] }))).data,
  publicOpening: (slug: string) => api.get<PublicOpening>(`/public/openings/${slug}`, { silent: true }),
  apply: (slug: string, form: FormData) => api.post<{ received: true; opening: string; organisation: string }>(`/public/openings/${slug}/applications`, form),
};

/** The CV's address (a download; the server checks `recruitment.view`). */
export const cvUrl = (applicantId: string) => `/api/applicants/${applicantId}/cv`;
/** The public application page of an opening. */
export const careersUrl = (slug: string) => `${window.location.origin}/careers/${slug}`;
