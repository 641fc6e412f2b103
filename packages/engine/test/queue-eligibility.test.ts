import { describe, expect, it } from 'vitest';
import { type QueueCandidate, queueIneligibility } from '../src/index.ts';

// Who may queue: one rule for the join call, the wave and the web app's join button.

const player = (p: Partial<QueueCandidate> = {}): QueueCandidate => ({
  trainer_name: 'トレーナー',
  is_banned: false,
  penalty_count: 0,
  penalty_correction: 0,
  penalty_timeout_until: null,
  ...p,
});
const open = { now: 1000, seasonOpen: true, inOpenMatch: false };

describe('queueIneligibility', () => {
  it('lets an ordinary player queue', () => {
    expect(queueIneligibility(player(), open)).toBeNull();
  });

  it('names the most lasting reason first', () => {
    expect(queueIneligibility(player({ is_banned: true, trainer_name: '' }), open)).toBe('banned');
    expect(queueIneligibility(player({ trainer_name: '  ' }), open)).toBe('no_trainer_name');
    expect(queueIneligibility(player({ penalty_count: 6, penalty_timeout_until: 2000 }), open)).toBe(
      'penalty_threshold',
    );
    expect(queueIneligibility(player({ penalty_count: 7, penalty_correction: 2 }), open)).toBeNull();
    expect(queueIneligibility(player({ penalty_timeout_until: 1001 }), open)).toBe('penalty_timeout');
    expect(queueIneligibility(player({ penalty_timeout_until: 1000 }), open)).toBeNull();
    expect(queueIneligibility(player({ suspended_until: 1001 }), open)).toBe('suspended');
    expect(queueIneligibility(player({ suspended_until: 1000 }), open)).toBeNull();
    expect(queueIneligibility(player({ suspended_until: 5000, penalty_timeout_until: 2000 }), open)).toBe('suspended');
    expect(queueIneligibility(player({ suspended_until: 5000, penalty_count: 6 }), open)).toBe('penalty_threshold');
    expect(queueIneligibility(player({ suspended_until: 5000, is_banned: true }), open)).toBe('banned');
    expect(queueIneligibility(player(), { ...open, seasonOpen: false })).toBe('season_closed');
    expect(queueIneligibility(player(), { ...open, inOpenMatch: true })).toBe('in_match');
  });

  it('counts unknown facts as no reason (the server has the last word)', () => {
    expect(queueIneligibility(player(), { now: 1000, seasonOpen: undefined, inOpenMatch: undefined })).toBeNull();
  });
});
