import { describe, expect, it } from 'vitest';
import { firstActiveStage, mayApplicant, mayInterview, mayOffer, mayOpening, sniffCv, statusInStage } from './model.ts';

describe('recruitment rules', () => {
  it('opens a draft or closed opening, closes an open one, deletes only drafts', () => {
    expect(mayOpening('open', 'draft')).toBe(true);
    expect(mayOpening('open', 'closed')).toBe(true);
    expect(mayOpening('open', 'open')).toBe(false);
    expect(mayOpening('close', 'open')).toBe(true);
    expect(mayOpening('close', 'draft')).toBe(false);
    expect(mayOpening('delete', 'open')).toBe(false);
  });

  it('lets an offer go draft → sent → accepted | declined, withdrawn only before an answer', () => {
    expect(mayOffer('send', 'draft')).toBe(true);
    expect(mayOffer('accept', 'draft')).toBe(false);
    expect(mayOffer('accept', 'sent')).toBe(true);
    expect(mayOffer('decline', 'sent')).toBe(true);
    expect(mayOffer('withdraw', 'sent')).toBe(true);
    expect(mayOffer('withdraw', 'accepted')).toBe(false);
    expect(mayOffer('send', 'declined')).toBe(false);
  });

  it('moves, rejects and hires active applicants only', () => {
    expect(mayApplicant('move', 'active')).toBe(true);
    expect(mayApplicant('hire', 'hired')).toBe(false);
    expect(mayApplicant('reject', 'rejected')).toBe(false);
    expect(statusInStage('hired')).toBe('hired');
    expect(statusInStage('rejected')).toBe('rejected');
    expect(statusInStage('active')).toBe('active');
  });

  it('keeps a held interview held and lets a cancelled one be scheduled again', () => {
    expect(mayInterview('scheduled', 'held')).toBe(true);
    expect(mayInterview('held', 'cancelled')).toBe(false);
    expect(mayInterview('cancelled', 'scheduled')).toBe(true);
  });

  it('puts a new applicant in the first active stage by position', () => {
    const stages = [{ id: 'r', kind: 'rejected', position: 0 }, { id: 's', kind: 'active', position: 2 }, { id: 'a', kind: 'active', position: 1 }];
    expect(firstActiveStage(stages)?.id).toBe('a');
    expect(firstActiveStage([{ kind: 'hired', position: 0 }])).toBeUndefined();
  });

  it('recognises PDF and Word files by their first bytes', () => {
    expect(sniffCv(new TextEncoder().encode('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffCv(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('doc');
    expect(sniffCv(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('docx');
    expect(sniffCv(new TextEncoder().encode('<html>'))).toBeNull();
    expect(sniffCv(new Uint8Array())).toBeNull();
  });
});
