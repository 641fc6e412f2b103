// Converts public records of real team matches into the real-results benchmark's JSONL (src/rating/replay.ts):
// `npx tsx packages/engine/scripts/convert-records.ts <record> <git dir of the source's snapshot>`.
// Each source below names its repository, the commit read, the paths and the licence. Player names and source ids
// never reach the output: every player becomes p0001, p0002, … in order of first appearance in that record.
// Output: packages/engine/data/<record>.jsonl (see packages/engine/data/README.md for why those files are not committed).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Source {
  repository: string;
  commit: string;
  paths: string;
  licence: string;
  convert(git: (args: string[]) => string): Row[];
}

/** A match before anonymisation, with a sort key for time order. */
interface Row {
  order: string;
  a: string[];
  b: string[];
  winner: 'A' | 'B';
  season: string;
  time: number;
}

/** Deterministic coin for a record whose source lists the winner first (mulberry32; the side says nothing there). */
function coin(seed: number): () => boolean {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 < 0.5;
  };
}

const utc = (yyyymmdd: string) =>
  Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8))) / 1000;

const SOURCES: Record<string, Source> = {
  // ATP men's doubles, tour level, 2000–2020: 2v2 with stable ATP player ids.
  'atp-doubles': {
    repository: 'JeffSackmann/tennis_atp',
    commit: '5b6263dc487b4fa4fa35326764bc9b0215042a42',
    paths: 'atp_matches_doubles_2000.csv … atp_matches_doubles_2020.csv',
    licence: 'CC BY-NC-SA 4.0 (Jeff Sackmann / Tennis Abstract)',
    convert(git) {
      const rows: Row[] = [];
      const flip = coin(33);
      for (let year = 2000; year <= 2020; year++) {
        const lines = git(['show', `${this.commit}:atp_matches_doubles_${year}.csv`]).split('\n');
        const header = (lines[0] as string).split(',');
        const col = (name: string) => header.indexOf(name);
        const [tid, date, num, w1, w2, l1, l2, score] = [
          'tourney_id',
          'tourney_date',
          'match_num',
          'winner1_id',
          'winner2_id',
          'loser1_id',
          'loser2_id',
          'score',
        ].map(col) as number[];
        for (const line of lines.slice(1)) {
          const f = line.split(',');
          const ids = [f[w1 as number], f[w2 as number], f[l1 as number], f[l2 as number]];
          // Walkovers and retirements before a result say nothing about skill; rows without every id can't be rated.
          if (!ids.every((id) => id && /^\d+$/.test(id))) continue;
          const s = f[score as number] ?? '';
          if (s === '' || /W\/O|DEF|unfinished/i.test(s)) continue;
          const winners = [`atp${ids[0]}`, `atp${ids[1]}`];
          const losers = [`atp${ids[2]}`, `atp${ids[3]}`];
          const swap = flip();
          rows.push({
            order: `${f[date as number]} ${f[tid as number]} ${String(f[num as number]).padStart(5, '0')}`,
            a: swap ? losers : winners,
            b: swap ? winners : losers,
            winner: swap ? 'B' : 'A',
            season: String(year),
            time: utc(f[date as number] as string),
          });
        }
      }
      return rows;
    },
  },
  // Indian Premier League 2008–2025 from Cricsheet (11 a side, Cricsheet's registry ids): team A is the first team
  // Cricsheet lists; ties and no-results are left out.
  'ipl-cricket': {
    repository: 'sejaldua/ipl-cricket-data',
    commit: '2ea944fc1a39a986765795903d465c26f5eea76c',
    paths: 'ipl_json/*.json (Cricsheet ipl_json.zip)',
    licence: 'Cricsheet data, Open Data Commons Attribution License (ODC-By) 1.0',
    convert(git) {
      const files = git(['ls-tree', '--name-only', this.commit, 'ipl_json/'])
        .split('\n')
        .filter((f) => f.endsWith('.json'));
      const rows: Row[] = [];
      for (const file of files) {
        const info = JSON.parse(git(['show', `${this.commit}:${file}`])).info;
        const winner = info.outcome?.winner;
        if (!winner) continue;
        const [teamA, teamB] = info.teams as [string, string];
        const ids = (team: string) => (info.players[team] as string[]).map((name) => `cs${info.registry.people[name]}`);
        const day = String(info.dates[0]).replaceAll('-', '');
        rows.push({
          order: `${day} ${file.replace(/\D/g, '').padStart(10, '0')}`,
          a: ids(teamA),
          b: ids(teamB),
          winner: winner === teamA ? 'A' : 'B',
          season: String(info.season),
          time: utc(day),
        });
      }
      return rows;
    },
  },
};

function main(): void {
  const [name, gitDir] = process.argv.slice(2);
  const source = name ? SOURCES[name] : undefined;
  if (!source || !gitDir) {
    console.error(`usage: convert-records.ts <${Object.keys(SOURCES).join('|')}> <git dir of the source's snapshot>`);
    process.exitCode = 1;
    return;
  }
  const git = (args: string[]) =>
    execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const rows = source.convert(git).sort((x, y) => (x.order < y.order ? -1 : x.order > y.order ? 1 : 0));
  const ids = new Map<string, string>();
  const anon = (id: string) => {
    let out = ids.get(id);
    if (!out) {
      out = `p${String(ids.size + 1).padStart(4, '0')}`;
      ids.set(id, out);
    }
    return out;
  };
  const lines = rows.map((r) =>
    JSON.stringify({ a: r.a.map(anon), b: r.b.map(anon), winner: r.winner, season: r.season, time: r.time }),
  );
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', `${name}.jsonl`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(
    `${out}: ${rows.length} matches, ${ids.size} players (${source.repository}@${source.commit.slice(0, 12)} ${source.paths}; ${source.licence})`,
  );
}

main();
