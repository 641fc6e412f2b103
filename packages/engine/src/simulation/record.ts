import type { RecordedMatch } from '../rating/replay.ts';
import { stream } from './random.ts';

// A record of 5v5 matches played by the MMR's own model with known parameters (the refit's recovery test): skills
// drawn around 1500 with spread `initialSigma`, drifting by `tau` a match, each player performing around their skill
// with spread `beta`, a team as strong as its five's mean. Teams are drawn at random (every match says something) or,
// `balanced`, split by true skill as evenly as a snake draft does (the information a balancing site leaves).

export interface SimulatedRecordOptions {
  players: number;
  matches: number;
  beta: number;
  initialSigma: number;
  tau: number;
  seed: number;
  balanced?: boolean;
}

export function simulatedRecord(o: SimulatedRecordOptions): RecordedMatch[] {
  const draw = stream(o.seed, 'record');
  const skill = Array.from({ length: o.players }, () => draw.normal(1500, o.initialSigma));
  const out: RecordedMatch[] = [];
  for (let m = 0; m < o.matches; m++) {
    const ten = new Set<number>();
    while (ten.size < 10) ten.add(draw.int(o.players));
    let ids = [...ten];
    if (o.balanced) {
      // Snake draft on true skill: 1st, 4th, 5th, 8th, 9th against 2nd, 3rd, 6th, 7th, 10th.
      ids = ids.sort((x, y) => (skill[y] as number) - (skill[x] as number));
      ids = [0, 3, 4, 7, 8, 1, 2, 5, 6, 9].map((i) => ids[i] as number);
    }
    const a = ids.slice(0, 5);
    const b = ids.slice(5);
    for (const i of ids) skill[i] = draw.normal(skill[i] as number, o.tau);
    const perf = (team: number[]) => team.reduce((s, i) => s + draw.normal(skill[i] as number, o.beta), 0) / 5;
    out.push({ a: a.map((i) => `s${i}`), b: b.map((i) => `s${i}`), winner: perf(a) > perf(b) ? 'A' : 'B' });
  }
  return out;
}
