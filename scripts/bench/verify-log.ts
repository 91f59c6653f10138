/**
 * `verify` on a long audit log with many certifications: how long recomputing every certification from the log
 * takes. Makes a race (the test fixture's folder, 4 competitors) whose log holds `--entries` mark changes spread
 * over `--certs` certifications, each but the last followed by an amendment, all through the service as an
 * official would; then times `verifyRaceFolder` `--runs` times and prints each run and the median.
 *
 * Usage: tsx scripts/bench/verify-log.ts [--entries 3000] [--certs 20] [--runs 5] [--race DIR]
 *   --race DIR   time an existing race folder instead (e.g. one kept with --keep from an earlier run)
 *   --keep       leave the race made here in place and print where it is
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createService } from '../../app/service/create-service.js';
import { verifyRaceFolder } from '../../app/store/verify-race.js';
import { makeRaceFixture } from '../../test/helpers/race-fixture.js';

const { values } = parseArgs({
  options: { entries: { type: 'string', default: '3000' }, certs: { type: 'string', default: '20' }, runs: { type: 'string', default: '5' }, race: { type: 'string' }, keep: { type: 'boolean' } },
});
const entries = Number(values.entries);
const certs = Number(values.certs);
const runs = Number(values.runs);

async function makeLongRace(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const fixture = await makeRaceFixture();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pf-bench-data-'));
  const { service } = createService({ shell: 'cli', dataDir });
  const { raceId } = await service.openRace({ path: fixture.dir });
  // Every competitor accounted for, so the race can be certified: two finish, two have a status.
  await service.setStatus({ raceId, competitorId: '3', status: 'DNF', by: 'Bench' });
  await service.setStatus({ raceId, competitorId: '4', status: 'DNS', by: 'Bench' });
  const perCert = Math.max(1, Math.floor(entries / certs));
  const started = performance.now();
  for (let c = 0; c < certs; c++) {
    // Moves of the same two marks: the document stays small while the log grows, as in a long adjudication.
    for (let k = 0; k < perCert; k++) await service.placeMark({ raceId, competitorId: k % 2 ? '2' : '1', column: 1 + ((c * perCert + k) % 800) / 100, by: 'Bench' });
    await service.certify({ raceId, official: 'Bench Judge', role: 'Chief photo-finish judge' });
    if (c < certs - 1) await service.amend({ raceId, by: 'Bench Judge', reason: `bench revision ${c + 2}` });
  }
  const lines = (await fs.readFile(path.join(fixture.dir, 'audit.jsonl'), 'utf8')).trim().split('\n').length;
  console.log(`made ${fixture.dir}: ${lines} audit entries, ${certs} certifications, ${certs - 1} amendments (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return {
    dir: fixture.dir,
    cleanup: async () => {
      await fixture.cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const race = values.race ? { dir: path.resolve(values.race), cleanup: async () => {} } : await makeLongRace();
try {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const report = await verifyRaceFolder(race.dir);
    const ms = performance.now() - t0;
    times.push(ms);
    // Unsigned by a trusted key is expected here (no trust given): only recomputation problems would be a bug.
    const bad = report.findings.filter((f) => /certified|recomputed|chain/.test(f));
    console.log(`run ${r + 1}: ${ms.toFixed(0)} ms${bad.length ? `  findings: ${bad.join('; ')}` : ''}`);
  }
  times.sort((a, b) => a - b);
  console.log(`verify median ${(times[Math.floor(times.length / 2)] as number).toFixed(0)} ms over ${runs} runs`);
} finally {
  if (values.keep) console.log(`kept ${race.dir}`);
  else await race.cleanup();
}
