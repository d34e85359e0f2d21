import { describe, expect, it } from 'vitest';
import { cycleReadiness, mayCycle, mayReview, nextReviewStatus, rolledProgress, scaled, weightedScore, weightTotal, withRolledProgress } from './performance.ts';

describe('weighted final score', () => {
  it('weights 50/30/20 rated 4/3/5 on 1–5: (200 + 90 + 100) / 100 = 3.90', () => {
    expect(weightedScore([{ weight: '50', rating: 4 }, { weight: '30', rating: 3 }, { weight: '20', rating: 5 }])).toBe('3.90');
  });

  it('Northwind’s criteria 30/30/20/20 rated 4/5/3/4: (120 + 150 + 60 + 80) / 100 = 4.10', () => {
    expect(weightedScore([{ weight: '30', rating: 4 }, { weight: '30', rating: 5 }, { weight: '20', rating: 3 }, { weight: '20', rating: 4 }])).toBe('4.10');
  });

  it('rounds half up to two decimals, exactly (no float drift)', () => {
    // Thirds: (33.33·4 + 33.33·4 + 33.34·5) / 100 = (133.32 + 133.32 + 166.70) / 100 = 4.3334 → 4.33.
    expect(weightedScore([{ weight: '33.33', rating: 4 }, { weight: '33.33', rating: 4 }, { weight: '33.34', rating: 5 }])).toBe('4.33');
    // 12.5·3 + 87.5·4 = 37.5 + 350 = 387.5 → 3.875 → 3.88 (half up).
    expect(weightedScore([{ weight: '12.5', rating: 3 }, { weight: '87.5', rating: 4 }])).toBe('3.88');
    // Weights that do not add up to 100 are a weighted mean all the same: (1·1 + 2·2) / 3 = 1.666… → 1.67.
    expect(weightedScore([{ weight: '1', rating: 1 }, { weight: '2', rating: 2 }])).toBe('1.67');
    expect(weightedScore([{ weight: '100', rating: 10 }])).toBe('10.00');
  });

  it('has no score while a criterion is unrated or nothing weighs', () => {
    expect(weightedScore([{ weight: '50', rating: 4 }, { weight: '50', rating: null }])).toBeNull();
    expect(weightedScore([])).toBeNull();
    expect(weightedScore([{ weight: '0', rating: 3 }])).toBeNull();
    expect(weightedScore([{ weight: 'abc', rating: 3 }])).toBeNull();
  });
});

describe('weights', () => {
  it('reads decimal strings as hundredths', () => {
    expect(scaled('30')).toBe(3000n);
    expect(scaled('33.33')).toBe(3333n);
    expect(scaled('0.5')).toBe(50n);
    expect(scaled('1.250')).toBe(125n);
    expect(scaled('1.255')).toBeNull();
    expect(scaled('-1')).toBeNull();
  });

  it('adds them up exactly: 33.33 + 33.33 + 33.34 = 100, 0.1 + 0.2 = 0.3', () => {
    expect(weightTotal(['33.33', '33.33', '33.34'])).toBe('100');
    expect(weightTotal(['0.1', '0.2'])).toBe('0.3');
    expect(weightTotal(['30', '30', '20', '15.5'])).toBe('95.5');
    expect(weightTotal([])).toBe('0');
  });

  it('opens a cycle only with criteria weighing exactly 100 together, each above 0', () => {
    expect(cycleReadiness(['30', '30', '20', '20'])).toEqual({ ok: true });
    expect(cycleReadiness(['33.33', '33.33', '33.34'])).toEqual({ ok: true });
    expect(cycleReadiness(['50', '30', '10'])).toEqual({ ok: false, reason: 'weights_not_100', total: '90' });
    expect(cycleReadiness(['60', '50'])).toEqual({ ok: false, reason: 'weights_not_100', total: '110' });
    expect(cycleReadiness(['100', '0'])).toEqual({ ok: false, reason: 'weight_invalid', total: '100' });
    expect(cycleReadiness([])).toEqual({ ok: false, reason: 'no_criteria', total: '0' });
  });
});

describe('goal progress roll-up', () => {
  it('a parent shows the weighted mean of its sub-goals, rounded to a whole percent', () => {
    // Weights 1 and 1: (40 + 80) / 2 = 60.
    expect(rolledProgress(0, [{ progress: 40, weight: '1' }, { progress: 80, weight: '1' }])).toBe(60);
    // Weights 3 and 1: (3·50 + 1·100) / 4 = 250 / 4 = 62.5 → 63.
    expect(rolledProgress(10, [{ progress: 50, weight: '3' }, { progress: 100, weight: '1' }])).toBe(63);
    // Weights 2, 1, 1 at 10, 25, 0: (20 + 25 + 0) / 4 = 11.25 → 11.
    expect(rolledProgress(90, [{ progress: 10, weight: '2' }, { progress: 25, weight: '1' }, { progress: 0, weight: '1' }])).toBe(11);
  });

  it('leaves dropped sub-goals out, and shows its own progress without (counting) sub-goals', () => {
    expect(rolledProgress(30, [{ progress: 100, weight: '1' }, { progress: 0, weight: '1', status: 'dropped' }])).toBe(100);
    expect(rolledProgress(30, [{ progress: 0, weight: '1', status: 'dropped' }])).toBe(30);
    expect(rolledProgress(45, [])).toBe(45);
  });

  it('rolls a list up: parents from their children, the rest as entered', () => {
    const goals = [
      { id: 'a', parent_id: null, progress: 0, weight: '1', status: 'open' },
      { id: 'a1', parent_id: 'a', progress: 50, weight: '1', status: 'open' },
      { id: 'a2', parent_id: 'a', progress: 100, weight: '1', status: 'done' },
      { id: 'b', parent_id: null, progress: 20, weight: '1', status: 'open' },
    ];
    expect(withRolledProgress(goals).map((g) => [g.id, g.rolled_progress])).toEqual([['a', 75], ['a1', 50], ['a2', 100], ['b', 20]]);
  });
});

describe('state machines', () => {
  it('a review goes self_review → manager_review → completed, and nothing moves in a closed cycle', () => {
    expect(mayReview('self_submit', 'self_review')).toBe(true);
    expect(mayReview('manager_submit', 'self_review')).toBe(false);
    expect(mayReview('self_save', 'manager_review')).toBe(false);
    expect(mayReview('manager_submit', 'manager_review')).toBe(true);
    expect(mayReview('manager_save', 'completed')).toBe(false);
    expect(mayReview('self_save', 'self_review', 'closed')).toBe(false);
    expect(mayReview('manager_submit', 'manager_review', 'closed')).toBe(false);
    expect(nextReviewStatus('self')).toBe('manager_review');
    expect(nextReviewStatus('manager')).toBe('completed');
  });

  it('a cycle goes draft → open → closed; criteria change only in a draft', () => {
    expect(mayCycle('open', 'draft')).toBe(true);
    expect(mayCycle('open', 'open')).toBe(false);
    expect(mayCycle('close', 'open')).toBe(true);
    expect(mayCycle('close', 'draft')).toBe(false);
    expect(mayCycle('edit_criteria', 'open')).toBe(false);
    expect(mayCycle('edit', 'closed')).toBe(false);
    expect(mayCycle('delete', 'open')).toBe(false);
  });
});
