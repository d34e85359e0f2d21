/** The assistant's calls on a shipment: read a shipping document, draft a client update, send the edited update. */
import type { AiClientUpdate, AiDocumentReading, ClientUpdateLanguage } from '#shared/api/ai-shipments.ts';
import { api } from './api-client.ts';

export const aiShipmentApi = {
  readDocument: (shipmentId: string, file: File, requestId: string) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<AiDocumentReading>(`/shipments/${shipmentId}/ai/document-reading?request_id=${encodeURIComponent(requestId)}`, form);
  },
  clientUpdate: (shipmentId: string, language: ClientUpdateLanguage | undefined, requestId: string) =>
    api.post<AiClientUpdate>(`/shipments/${shipmentId}/ai/client-update`, { ...(language && { language }), request_id: requestId }),
  sendClientUpdate: (shipmentId: string, body: { to: string; subject: string; body: string }) =>
    api.post<{ to: string; subject: string; sent_at: string }>(`/shipments/${shipmentId}/client-updates`, body),
};
